import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getProject, updateProject } from "@/lib/data/projects";
import { getSection, updateSectionWith } from "@/lib/data/sections";
import { toProjectJson, toSectionJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT, createBackup } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0009 (blur-up placeholders, issue 18 item 5) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time. Its
 * images have no placeholder (null, filled in the background later); new ones survive a backup.
 */
const { work, fresh } = useDatabases("migration-0009");

const PROJECT = "0123456789abcdef01234567";
const ID = "0123456789abcdef0123abcd";
const PREVIEW =
  "data:image/webp;base64,UklGRh4AAABXRUJQVlA4IBIAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v89WAAAAA==";
const IMAGES = [{ url: "/media/a.png", key: "a.png", width: 40, height: 30, alt: "A" }];

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(9, work, dataDir, run);

describe("migration 0009: image placeholders", () => {
  it("upgrades a site made before it without loss; old and new backups restore", async () => {
    const dataDir = await fresh();
    const oldTables: Record<string, unknown[]> = {};
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(sql`select column_name from information_schema.columns
          where table_name in ('projects', 'sections')`),
      ).map((row) => row.column_name);
      expect(columns).not.toContain("cover_placeholder");
      expect(columns).not.toContain("poster_placeholder");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position, cover_focal_x)
        values (${PROJECT}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Motion Design', 'owner', 0, 0.25)`);
      await execute(sql`insert into sections (id, project_id, title, images, video_url, video_key, poster_url, poster_key, position)
        values (${ID}, ${PROJECT}, 'Old clip', ${JSON.stringify(IMAGES)}::jsonb, '/media/clip.mp4', 'clip.mp4', '/media/p.png', 'p.png', 0)`);
      for (const table of ["projects", "sections"]) {
        oldTables[table] = rowsOf<{ row: unknown }>(
          await execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`),
        ).map((row) => row.row);
      }
    });

    // The current code opens the same database: migration 0009 runs and the rows are intact.
    const project = await getProject(PROJECT);
    expect(project).toMatchObject({
      title: "Old project",
      coverKey: "old.png",
      coverFocalX: 0.25,
      coverPlaceholder: null,
    });
    const section = await getSection(ID);
    expect(section).toMatchObject({ images: IMAGES, posterKey: "p.png", posterPlaceholder: null });
    expect(toProjectJson(project!, { owner: false })).toMatchObject({ coverPlaceholder: null });
    expect(toSectionJson(section!)).toMatchObject({
      images: [{ url: "/media/a.png", placeholder: null }],
      posterPlaceholder: null,
    });

    // The new columns and the images' new field work on the upgraded database.
    await updateProject(PROJECT, { coverPlaceholder: PREVIEW });
    await updateSectionWith(ID, () => ({
      posterPlaceholder: PREVIEW,
      images: [{ ...IMAGES[0]!, placeholder: PREVIEW }],
    }));
    expect(toSectionJson((await getSection(ID))!)).toMatchObject({
      images: [{ placeholder: PREVIEW }],
      posterPlaceholder: PREVIEW,
    });

    // `npm run backup` of the upgraded site carries the placeholders into a restored one.
    const current = path.join(work, "new-backup.tar.gz");
    await createBackup(dataDir, current);
    const copy = await fresh();
    await restoreBackup(copy, current);
    expect(await getProject(PROJECT)).toMatchObject({ coverPlaceholder: PREVIEW });
    expect(await getSection(ID)).toMatchObject({
      posterPlaceholder: PREVIEW,
      images: [{ placeholder: PREVIEW }],
    });

    // A backup archive of the old schema restores into a new site, without placeholders.
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
    expect(await getProject(PROJECT)).toMatchObject({ coverPlaceholder: null, coverFocalX: 0.25 });
    expect(await getSection(ID)).toMatchObject({ images: IMAGES, posterPlaceholder: null });
  }, 180_000);
});
