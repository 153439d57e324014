import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getDb } from "@/lib/db";
import { getProject, updateProject } from "@/lib/data/projects";
import { getSection, updateSectionWith } from "@/lib/data/sections";
import { toProjectJson, toSectionJson } from "@/lib/data/serialize";
import { BACKUP_FORMAT } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0005 (section layout, cover focal point) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time. Images
 * stored without focal values read as the centre.
 */
const { work, fresh } = useDatabases("migration-0005");

const PROJECT = "0123456789abcdef01234567";
const SECTION = "89abcdef0123456789abcdef";
const OLD_IMAGES = [
  { url: "/media/a.png", key: "a.png", width: 1600, height: 1000, alt: "A" },
  { url: "/media/b.png", key: "b.png", width: 1200, height: 1500, alt: "B" },
];

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(5, work, dataDir, run);

const columnsOf = async (execute: Execute, table: string) =>
  rowsOf<{ column_name: string }>(
    await execute(
      sql`select column_name from information_schema.columns where table_name = ${table}`,
    ),
  ).map((row) => row.column_name);

describe("migration 0005: section layout and focal points", () => {
  it("upgrades a site made before it without loss, and old backups restore with the defaults", async () => {
    const dataDir = await fresh();
    const old: { projects: unknown[]; sections: unknown[] } = { projects: [], sections: [] };
    await withOldSchema(dataDir, async (execute) => {
      expect(await columnsOf(execute, "sections")).not.toContain("layout");
      expect(await columnsOf(execute, "projects")).not.toContain("cover_focal_x");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position, created_at)
        values (${PROJECT}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Photography', 'owner', 0, '2025-01-02T03:04:05Z')`);
      await execute(sql`insert into sections (id, project_id, title, description, images, position)
        values (${SECTION}, ${PROJECT}, 'Old section', 'Text', ${JSON.stringify(OLD_IMAGES)}::jsonb, 0)`);
      for (const table of ["projects", "sections"] as const) {
        old[table] = rowsOf<{ row: unknown }>(
          await execute(sql.raw(`select row_to_json(t) as row from ${table} t`)),
        ).map((row) => row.row);
      }
    });

    // The current code opens the same database: migration 0005 runs and the rows are intact.
    const project = await getProject(PROJECT);
    expect(project).toMatchObject({
      title: "Old project",
      coverKey: "old.png",
      coverFocalX: 0.5,
      coverFocalY: 0.5,
    });
    expect(toProjectJson(project!, { owner: false }).coverFocal).toEqual({ x: 0.5, y: 0.5 });
    const section = await getSection(SECTION);
    expect(section).toMatchObject({ title: "Old section", layout: "grid", images: OLD_IMAGES });
    const json = toSectionJson(section!);
    expect(json.layout).toBe("grid");
    expect(json.images).toEqual(
      OLD_IMAGES.map(({ url, width, height, alt }) => ({
        url,
        width,
        height,
        alt,
        focalX: 0.5,
        focalY: 0.5,
      })),
    );

    // The new columns work on the upgraded database, and their rules hold there too.
    await updateProject(PROJECT, { coverFocalX: 0.2, coverFocalY: 0.9 });
    expect(await getProject(PROJECT)).toMatchObject({ coverFocalX: 0.2, coverFocalY: 0.9 });
    await updateSectionWith(SECTION, () => ({ layout: "natural" }));
    expect(await getSection(SECTION)).toMatchObject({ layout: "natural" });
    const db = await getDb();
    await expect(
      db.execute(sql`update sections set layout = 'masonry' where id = ${SECTION}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update projects set cover_focal_x = 1.5 where id = ${PROJECT}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    const archive = path.join(work, "old-backup.tar.gz");
    const staging = path.join(work, "old-backup");
    fs.mkdirSync(staging);
    fs.writeFileSync(
      path.join(staging, "backup.json"),
      JSON.stringify({ format: BACKUP_FORMAT, createdAt: "2025-01-03T00:00:00.000Z", tables: old }),
    );
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT)).toMatchObject({ coverFocalX: 0.5, coverFocalY: 0.5 });
    expect(await getSection(SECTION)).toMatchObject({ layout: "grid", images: OLD_IMAGES });
  }, 180_000);
});
