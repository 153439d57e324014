import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getProject, listProjects, updateProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0003 (project status and protected projects' password hash, docs/spec.md §11) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time.
 */
const { work, fresh } = useDatabases("migration-0003");

const ID = "0123456789abcdef01234567";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(3, work, dataDir, run);

describe("migration 0003: project status", () => {
  it("upgrades a site made before it without loss (every project published), and old backups restore as published", async () => {
    const dataDir = await fresh();
    let oldRows: unknown[] = [];
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(
          sql`select column_name from information_schema.columns where table_name = 'projects'`,
        ),
      ).map((row) => row.column_name);
      expect(columns).toContain("year");
      expect(columns).not.toContain("status");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, year, client, summary, user_id, position, created_at)
        values (${ID}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Photography', 2020, 'Acme', 'Before statuses.', 'owner', 0, '2025-01-02T03:04:05Z')`);
      oldRows = rowsOf<{ row: unknown }>(
        await execute(sql`select row_to_json(t) as row from projects t`),
      ).map((row) => row.row);
    });

    // The current code opens the same database: migration 0003 runs and the row is intact.
    const upgraded = await getProject(ID);
    expect(upgraded).toMatchObject({
      title: "Old project",
      coverUrl: "/media/old.png",
      coverKey: "old.png",
      category: "Photography",
      year: 2020,
      client: "Acme",
      summary: "Before statuses.",
      position: 0,
      status: "published",
      passwordHash: null,
    });
    expect(upgraded!.createdAt.toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      status: "published",
      hasPassword: false,
    });
    // Still listed for visitors, as before the upgrade.
    expect((await listProjects("visitor")).map((p) => p.id)).toEqual([ID]);
    // The new columns work on the upgraded database, and their checks hold there too.
    await updateProject(ID, { status: "protected", passwordHash: "$2a$10$hash" });
    expect(await getProject(ID)).toMatchObject({
      status: "protected",
      passwordHash: "$2a$10$hash",
    });
    expect(await listProjects("visitor")).toEqual([]);
    const db = await getDb();
    await expect(
      db.execute(sql`update projects set status = 'secret' where id = ${ID}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update projects set password_hash = null where id = ${ID}`),
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
      year: 2020,
      status: "published",
      passwordHash: null,
    });
  });
});
