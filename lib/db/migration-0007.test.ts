import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getProject } from "@/lib/data/projects";
import { createBackup } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";
import { getSigningKey } from "@/lib/auth-service/keys";

/**
 * Migration 0007 (signing keys, rate limits and sign-in back-off in the database, for several
 * servers on one PostgreSQL) upgrades a site made before it without loss: its data directory (or
 * PostgreSQL database) and a backup archive written before it. On PostgreSQL the upgraded site's
 * signing key then lives in the new table; on PGlite it stays the file in DATA_DIR/auth.
 */
const { work, fresh } = useDatabases("migration-0007");

const PROJECT = "0123456789abcdef01234567";
const USER = "6f1c3a52-29c4-4f64-9d3e-3f4b2f0c8a11";
const SESSION = "2b0c7f0e-5d8e-4f0f-a3a4-6c1b9d2e7f30";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(7, work, dataDir, run);

describe("migration 0007: shared auth state", () => {
  it("upgrades a site made before it without loss, and its backups restore", async () => {
    const dataDir = await fresh();
    await withOldSchema(dataDir, async (execute) => {
      const tables = rowsOf<{ table_name: string }>(
        await execute(
          sql`select table_name from information_schema.tables where table_schema = 'public'`,
        ),
      ).map((row) => row.table_name);
      expect(tables).not.toContain("auth_signing_keys");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position)
        values (${PROJECT}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Photography', ${USER}, 0)`);
      await execute(sql`insert into auth_users (id, email, encrypted_password, email_confirmed_at)
        values (${USER}, 'owner@example.com', '$2a$10$abcdefghijklmnopqrstuv', now())`);
      await execute(
        sql`insert into auth_sessions (id, user_id, amr) values (${SESSION}, ${USER}, '[]'::jsonb)`,
      );
    });
    const archive = path.join(work, "after-0007.tar.gz");

    // The current code opens the same database: 0007 runs, the old rows are intact.
    expect(await getProject(PROJECT)).toMatchObject({ title: "Old project", role: "Director" });
    const db = await getDb();
    const sessions = rowsOf(await db.execute(sql`select id from auth_sessions`));
    expect(sessions).toEqual([{ id: SESSION }]);
    for (const table of ["auth_signing_keys", "auth_rate_limits", "auth_account_throttles"])
      expect(rowsOf(await db.execute(sql`select * from ${sql.identifier(table)}`))).toEqual([]);

    // The signing key: a table row on PostgreSQL, the file on PGlite, as before.
    const { kid } = await getSigningKey();
    const keyRows = rowsOf<{ kid: string }>(
      await db.execute(sql`select kid from auth_signing_keys`),
    );
    if (process.env.DATABASE_URL) expect(keyRows).toEqual([{ kid }]);
    else {
      expect(keyRows).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "auth", "jwt-signing-key.json"))).toBe(true);
    }

    // A backup of the upgraded site carries the site, not the keys or counters, and restores
    // into a new site whose servers may already have made their own key.
    expect(await createBackup(dataDir, archive)).toMatchObject({ rows: 3 });
    const target = await fresh();
    await getSigningKey();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 3, files: 0 });
    expect(await getProject(PROJECT)).toMatchObject({ title: "Old project" });
  }, 300_000); // two fresh embedded databases: each initdb takes a minute on a busy machine
});
