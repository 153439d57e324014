import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/test/helpers/database";
import { closeDb, getDb } from "@/lib/db";
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
const cleanups: (() => Promise<void>)[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-migration-test-"));
afterAll(async () => {
  await closeDb();
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The migrations folder as it was before 0006: the earlier migrations and their journal. */
function migrationsBefore0006(): string {
  const folder = path.join(work, "drizzle-before-0006");
  fs.cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 6))
    fs.rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((entry) => entry.idx < 6);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const PROJECT = "0123456789abcdef01234567";
const ID = "0123456789abcdef0123abcd";

/** Opens the database of the environment on the old schema, runs `use`, and closes it again. */
async function withOldSchema(
  dataDir: string,
  run: (execute: (query: ReturnType<typeof sql>) => Promise<unknown>) => Promise<void>,
) {
  const migrationsFolder = migrationsBefore0006();
  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL });
    const db = drizzlePg({ client: pool });
    await migratePg(db, { migrationsFolder });
    try {
      await run((query) => db.execute(query));
    } finally {
      await pool.end();
    }
    return;
  }
  const client = await PGlite.create(path.join(dataDir, "pg"));
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  try {
    await run((query) => db.execute(query));
  } finally {
    await client.close();
  }
}

describe("migration 0006: video playback and poster", () => {
  // Three databases opened in turn (old schema, upgrade, restore target): slow on a loaded machine.
  it("upgrades a site made before it without loss, and old backups restore as player videos without posters", async () => {
    await closeDb();
    const { dataDir, cleanup } = await useFreshDatabase();
    cleanups.push(cleanup);
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
    await closeDb();
    const { dataDir: target, cleanup: cleanTarget } = await useFreshDatabase();
    cleanups.push(cleanTarget);
    expect(await restoreBackup(target, archive)).toEqual({ rows: 2, files: 0 });
    const restored = await getSection(ID);
    expect(restored).toMatchObject({ title: "Old clip", videoPlayback: null, posterUrl: null });
    expect(toSectionJson(restored!)).toMatchObject({ playback: "player", poster: "" });
  }, 120_000);
});
