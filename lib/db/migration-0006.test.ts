import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getSection, updateSectionWith } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0006 (a section video's playback and poster, issue 18 item 3) upgrades a site made
 * before it: the data directory (or PostgreSQL database) and a backup archive written by the code
 * of that time. Its sections read as player videos without a poster.
 */
const { work, fresh } = useDatabases("migration-0006");

const PROJECT = "0123456789abcdef01234567";
const ID = "0123456789abcdef0123abcd";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(6, work, dataDir, run);

describe("migration 0006: video playback and poster", () => {
  // Three databases opened in turn (old schema, upgrade, restore target): slow on a loaded machine.
  it("upgrades a site made before it without loss, and old backups restore as player videos without posters", async () => {
    const dataDir = await fresh();
    const oldTables: Record<string, unknown[]> = {};
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(
          sql`select column_name from information_schema.columns where table_name = 'sections'`,
        ),
      ).map((row) => row.column_name);
      expect(columns).not.toContain("video_playback");
      expect(columns).not.toContain("poster_url");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position)
        values (${PROJECT}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Motion Design', 'owner', 0)`);
      await execute(sql`insert into sections (id, project_id, title, description, images, video_url, video_key, position, created_at)
        values (${ID}, ${PROJECT}, 'Old clip', 'Words', '[]'::jsonb, '/media/clip.mp4', 'clip.mp4', 0, '2025-01-02T03:04:05Z')`);
      for (const table of ["projects", "sections"]) {
        oldTables[table] = rowsOf<{ row: unknown }>(
          await execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`),
        ).map((row) => row.row);
      }
    });

    // The current code opens the same database: migration 0006 runs and the row is intact.
    const upgraded = await getSection(ID);
    expect(upgraded).toMatchObject({
      title: "Old clip",
      description: "Words",
      videoUrl: "/media/clip.mp4",
      videoKey: "clip.mp4",
      position: 0,
      videoPlayback: null,
      posterUrl: null,
      posterKey: null,
    });
    expect(upgraded!.createdAt.toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(toSectionJson(upgraded!)).toMatchObject({ playback: "player", poster: "" });
    // The new columns work on the upgraded database, and the playback's values are checked there too.
    await updateSectionWith(ID, () => ({
      videoPlayback: "loop",
      posterUrl: "/media/p.jpg",
      posterKey: "p.jpg",
    }));
    expect(await getSection(ID)).toMatchObject({ videoPlayback: "loop", posterKey: "p.jpg" });
    const db = await getDb();
    await expect(
      db.execute(sql`update sections set video_playback = 'autoplay' where id = ${ID}`),
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
        tables: oldTables,
      }),
    );
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 2, files: 0 });
    const restored = await getSection(ID);
    expect(restored).toMatchObject({ title: "Old clip", videoPlayback: null, posterUrl: null });
    expect(toSectionJson(restored!)).toMatchObject({ playback: "player", poster: "" });
  }, 120_000);
});
