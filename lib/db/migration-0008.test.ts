import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getProject, updateProject } from "@/lib/data/projects";
import { isTrashedMedia, trashProject } from "@/lib/data/trash";
import { toProjectJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0008 (a project's cover loop, issue 18 item 3) upgrades a site made before it: the
 * data directory (or PostgreSQL database) and a backup archive written by the code of that time.
 * Its projects read as covers without a loop.
 */
const { work, fresh } = useDatabases("migration-0008");

const ID = "0123456789abcdef01234567";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(8, work, dataDir, run);

describe("migration 0008: cover loop", () => {
  // Three databases opened in turn (old schema, upgrade, restore target): slow on a loaded machine.
  it("upgrades a site made before it without loss, and old backups restore as covers without a loop", async () => {
    const dataDir = await fresh();
    const oldTables: Record<string, unknown[]> = {};
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(
          sql`select column_name from information_schema.columns where table_name = 'projects'`,
        ),
      ).map((row) => row.column_name);
      expect(columns).not.toContain("cover_video_url");
      expect(columns).not.toContain("cover_video_key");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position, created_at)
        values (${ID}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Motion Design', 'owner', 0, '2025-01-02T03:04:05Z')`);
      for (const table of ["projects", "sections"]) {
        oldTables[table] = rowsOf<{ row: unknown }>(
          await execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`),
        ).map((row) => row.row);
      }
    });

    // The current code opens the same database: migration 0008 runs and the row is intact.
    const upgraded = await getProject(ID);
    expect(upgraded).toMatchObject({
      title: "Old project",
      coverUrl: "/media/old.png",
      coverKey: "old.png",
      position: 0,
      coverVideoUrl: null,
      coverVideoKey: null,
    });
    expect(upgraded!.createdAt.toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({ coverVideo: "" });
    // The new columns work on the upgraded database, and the trash knows the loop's file.
    await updateProject(ID, { coverVideoUrl: "/media/loop.mp4", coverVideoKey: "loop.mp4" });
    expect(await getProject(ID)).toMatchObject({ coverVideoKey: "loop.mp4" });
    expect(await isTrashedMedia("loop.mp4")).toBe(false);
    await trashProject(ID);
    expect(await isTrashedMedia("loop.mp4")).toBe(true);

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    const archive = path.join(work, "old-backup.tar.gz");
    const staging = path.join(work, "old-backup");
    fs.mkdirSync(staging);
    fs.writeFileSync(
      path.join(staging, "backup.json"),
      JSON.stringify({
        format: BACKUP_FORMAT,
        createdAt: "2025-01-03T00:00:00.000Z",
        tables: oldTables,
      }),
    );
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 1, files: 0 });
    const restored = await getProject(ID);
    expect(restored).toMatchObject({
      title: "Old project",
      coverVideoUrl: null,
      coverVideoKey: null,
    });
    expect(toProjectJson(restored!, { owner: true })).toMatchObject({ coverVideo: "" });
  }, 120_000);
});
