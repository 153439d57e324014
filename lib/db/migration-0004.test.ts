import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { withSchemaBefore, type Execute } from "@/test/helpers/old-schema";
import { getProject, listProjects, updateProject } from "@/lib/data/projects";
import { getSection, listSections } from "@/lib/data/sections";
import { listTrash, restoreProject, trashProject, trashSection } from "@/lib/data/trash";
import { BACKUP_FORMAT, createBackup } from "@/lib/backup/backup";
import { restoreBackup } from "@/lib/backup/restore";
import { rowsOf } from "@/lib/backup/tables";

/**
 * Migration 0004 (trash and versions, issue 17) upgrades a site made before it: the data directory
 * (or PostgreSQL database) and a backup archive written by the code of that time. A backup of the
 * new schema carries the trash and the versions.
 */
const { work, fresh } = useDatabases("migration-0004");

const PROJECT = "0123456789abcdef01234567";
const SECTION = "0123456789abcdef0123abcd";

const withOldSchema = (dataDir: string, run: (execute: Execute) => Promise<void>) =>
  withSchemaBefore(4, work, dataDir, run);

const rowsOfTable = async (
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>,
  table: "projects" | "sections",
) =>
  rowsOf<{ row: unknown }>(
    await execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`),
  ).map((row) => row.row);

describe("migration 0004: trash and versions", () => {
  it("upgrades a site made before it without loss, and old backups restore live at version 1", async () => {
    const dataDir = await fresh();
    let oldProjects: unknown[] = [];
    let oldSections: unknown[] = [];
    await withOldSchema(dataDir, async (execute) => {
      const columns = rowsOf<{ column_name: string }>(
        await execute(
          sql`select column_name from information_schema.columns where table_name = 'projects'`,
        ),
      ).map((row) => row.column_name);
      expect(columns).not.toContain("deleted_at");
      expect(columns).not.toContain("version");
      await execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position, year, created_at)
        values (${PROJECT}, 'Old project', '/media/old.png', 'old.png', 'Director', 'Photography', 'owner', 0, 2020, '2025-01-02T03:04:05Z')`);
      await execute(sql`insert into sections (id, project_id, title, images, position)
        values (${SECTION}, ${PROJECT}, 'Old section', '[{"url":"/media/i.png","key":"i.png","width":1,"height":1,"alt":"I"}]'::jsonb, 0)`);
      oldProjects = await rowsOfTable(execute, "projects");
      oldSections = await rowsOfTable(execute, "sections");
    });

    // The current code opens the same database: migration 0004 runs and the rows are intact.
    expect(await getProject(PROJECT)).toMatchObject({
      title: "Old project",
      coverKey: "old.png",
      year: 2020,
      position: 0,
      version: 1,
      deletedAt: null,
    });
    expect(await getSection(SECTION)).toMatchObject({
      title: "Old section",
      version: 1,
      deletedAt: null,
    });
    expect((await getSection(SECTION))?.images[0]?.alt).toBe("I");
    // The new columns work on the upgraded database.
    expect((await updateProject(PROJECT, { title: "Edited" }, 1))?.after.version).toBe(2);
    await trashProject(PROJECT);
    expect(await listProjects()).toEqual([]);
    expect((await restoreProject(PROJECT))?.title).toBe("Edited");

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    const archive = path.join(work, "old-backup.tar.gz");
    const staging = path.join(work, "old-backup");
    fs.mkdirSync(staging);
    fs.writeFileSync(
      path.join(staging, "backup.json"),
      JSON.stringify({
        format: BACKUP_FORMAT,
        createdAt: "2025-01-03T00:00:00.000Z",
        tables: { projects: oldProjects, sections: oldSections },
      }),
    );
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT)).toMatchObject({
      title: "Old project",
      version: 1,
      deletedAt: null,
    });
    expect((await listSections(PROJECT)).map((s) => [s.title, s.version])).toEqual([
      ["Old section", 1],
    ]);
  }, 180_000); // three databases opened and migrated: slow on a loaded machine

  it("a backup carries the trash and the versions: restored, the trash is the same", async () => {
    // Continues on the site restored above.
    await updateProject(PROJECT, { title: "Version 2" });
    const trashedAt = new Date("2030-01-01T00:00:00.000Z");
    await trashSection(SECTION, trashedAt);
    const source = process.env.DATA_DIR!;
    fs.mkdirSync(path.join(source, "uploads"), { recursive: true });
    const archive = path.join(work, "trash-backup.tar.gz");
    await createBackup(source, archive);
    const before = await listTrash();

    const target = await fresh();
    await restoreBackup(target, archive);
    expect(await listTrash()).toEqual(before);
    expect(before.sections.map((s) => [s.id, s.deletedAt?.toISOString(), s.version])).toEqual([
      [SECTION, trashedAt.toISOString(), 1],
    ]);
    expect(await getProject(PROJECT)).toMatchObject({ title: "Version 2", version: 2 });
    expect(await listSections(PROJECT)).toEqual([]);
  }, 120_000);
});
