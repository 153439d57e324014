import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getProject, updateProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0002 (project year, client, summary) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time.
 */
const { work, fresh } = useDatabases("migration-test");

const ID = "0123456789abcdef01234567";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(2, work, dataDir, run);

describe("migration 0002: project details", () => {
  it("upgrades a site made before it without loss, and old backups restore with the details unset", async () => {
    const dataDir = await fresh();
    let oldRows: unknown[] = [];
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(
          sql`select column_name from information_schema.columns where table_name = 'projects'`,
        ),
      ).map((row) => row.column_name);
      expect(columns).not.toContain("year");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position, created_at)
        values (${ID}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Photography', 'owner', 0, '2025-01-02T03:04:05Z')`);
      oldRows = rowsOf<{ row: unknown }>(
        await execute(sql`select row_to_json(t) as row from projects t`),
      ).map((row) => row.row);
    });

    // The current code opens the same database: migration 0002 runs and the row is intact.
    const upgraded = await getProject(ID);
    expect(upgraded).toMatchObject({
      title: "Old project",
      coverUrl: "/media/old.png",
      coverKey: "old.png",
      role: "Director",
      category: "Photography",
      position: 0,
      year: null,
      client: null,
      summary: null,
    });
    expect(upgraded!.createdAt.toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      year: null,
      client: "",
      summary: "",
    });
    // The new columns work on the upgraded database, and the year's range is checked there too.
    await updateProject(ID, { year: 2024, client: "Acme", summary: "Now with details." });
    expect(await getProject(ID)).toMatchObject({ year: 2024, client: "Acme" });
    const db = await getDb();
    await expect(
      db.execute(sql`update projects set year = 1800 where id = ${ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    const archive = path.join(work, "old-backup.tar.gz");
    const staging = path.join(work, "old-backup");
    fs.mkdirSync(staging);
    fs.writeFileSync(
      path.join(staging, "backup.json"),
      JSON.stringify({
        format: BACKUP_FORMAT,
        createdAt: "2025-01-03T00:00:00.000Z",
        tables: { projects: oldRows },
      }),
    );
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 1, files: 0 });
    expect(await getProject(ID)).toMatchObject({
      title: "Old project",
      year: null,
      client: null,
      summary: null,
    });
  });
});
