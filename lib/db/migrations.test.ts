import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import {
  columnsOf,
  dumpTables,
  withSchemaBefore,
  writeOldBackup,
  tablesOf,
  type Execute,
} from "@/test/helpers/old-schema";
import { getDb, rowsOf } from "@/lib/db";
import { listMediaHolders } from "@/lib/data/media-access";
import { getSiteSettings, updateSiteSettingsWith } from "@/lib/data/settings";
import { getProject, updateProject, listProjects } from "@/lib/data/projects";
import { REEL, syncCoverJob, syncReelJob, videoJobOf } from "@/lib/data/video-jobs";
import { toProjectJson, toSectionJson } from "@/lib/data/serialize";
import { restoreBackup } from "@/lib/backup/restore";
import { getSection, listSections, updateSectionWith } from "@/lib/data/sections";
import { listTrash, restoreProject, trashProject, trashSection } from "@/lib/data/trash";
import { createBackup } from "@/lib/backup/backup";
import { getSigningKey } from "@/lib/auth-service/keys";
import { startPlaceholderFill } from "@/lib/startup/fill-placeholders";
import {
  createContactMessage,
  listContactMessages,
  trashContactMessage,
} from "@/lib/data/contact-messages";
import {
  addReviewComment,
  claimReviewMail,
  createReviewLink,
  getReviewLinkByToken,
  listReviewComments,
  listReviewOpens,
  recordReviewOpen,
  toReviewCommentJson,
  updateReviewOpen,
} from "@/lib/data/review-links";
import { countView, flushViews, readInsights, utcDay } from "@/lib/data/views";

/**
 * Each migration upgrades a site made before it without loss: its data directory (or PostgreSQL
 * database, with DATABASE_URL) made by the migrations of that time, and a backup archive written
 * by the code of that time (docs/operations.md, backups). One describe per migration.
 */
const { work, fresh } = useDatabases("migrations");

/** Inserts a row into an old schema's table, its columns named as they are in SQL. */
function insertRow(execute: Execute, table: string, row: Record<string, unknown>) {
  const columns = sql.join(
    Object.keys(row).map((column) => sql.identifier(column)),
    sql`, `,
  );
  const values = sql.join(
    Object.values(row).map((value) => sql`${value}`),
    sql`, `,
  );
  return execute(sql`insert into ${sql.identifier(table)} (${columns}) values (${values})`);
}

/** The tables an old backup of the content carries. */
const BOTH = ["projects", "sections"];

/** The ids of the old rows each migration's test writes. */
const PROJECT_ID = "0123456789abcdef01234567";
const SECTION_ID = "0123456789abcdef0123abcd";

/** What insertOldProject wrote, as the current code reads it back. */
const OLD_PROJECT = {
  title: "Old project",
  coverUrl: "/media/old.png",
  coverKey: "old.png",
  role: "Director",
  category: "Photography",
  position: 0,
};
const OLD_CREATED_AT = "2025-01-02T03:04:05.000Z";

/** The upgraded row has `fields` and kept its creation time. */
function expectKept(row: { createdAt: Date } | null, fields: Record<string, unknown>) {
  expect(row).toMatchObject(fields);
  expect(row!.createdAt.toISOString()).toBe(OLD_CREATED_AT);
}

/** Inserts "Old project" with the columns every schema had, and `columns` of later ones. */
function insertOldProject(execute: Execute, id: string, columns: Record<string, unknown> = {}) {
  return insertRow(execute, "projects", {
    id,
    title: "Old project",
    cover_url: "/media/old.png",
    cover_key: "old.png",
    role: "Director",
    category: "Photography",
    user_id: "owner",
    position: 0,
    created_at: OLD_CREATED_AT,
    ...columns,
  });
}

/** Inserts a section of `projectId` with the columns every schema had, and `columns` of later ones. */
function insertOldSection(
  execute: Execute,
  id: string,
  projectId: string,
  columns: Record<string, unknown> = {},
) {
  return insertRow(execute, "sections", {
    id,
    project_id: projectId,
    title: "Old section",
    images: "[]",
    position: 0,
    created_at: OLD_CREATED_AT,
    ...columns,
  });
}

/**
 * Makes a site on the schema before migration `index` (a data directory, or the PostgreSQL
 * database with DATABASE_URL), checks that it has none of the migration's `added` columns yet,
 * fills it with `fill` and keeps its `tables` as `npm run backup` of that time wrote them. The
 * current code opens the site on its next query, which runs the migration; `restoreOldBackup()`
 * restores that old backup into a fresh site.
 */
async function siteBefore(
  index: number,
  { tables = [], added = {} }: { tables?: string[]; added?: Record<string, string[]> },
  fill: (execute: Execute) => Promise<unknown>,
) {
  const dataDir = await fresh();
  let old: Record<string, unknown[]> = {};
  await withSchemaBefore(index, work, dataDir, async (execute) => {
    for (const [table, columns] of Object.entries(added)) {
      const before = await columnsOf(execute, table);
      for (const column of columns) expect(before, `${table}.${column}`).not.toContain(column);
    }
    await fill(execute);
    old = await dumpTables(execute, tables);
  });
  return {
    dataDir,
    restoreOldBackup: async () => restoreBackup(await fresh(), await writeOldBackup(work, old)),
  };
}

/**
 * Migration 0002 (project year, client, summary) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time.
 */
describe("migration 0002: project details", () => {
  it("upgrades a site made before it without loss, and old backups restore with the details unset", async () => {
    const site = await siteBefore(
      2,
      { tables: ["projects"], added: { projects: ["year"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID);
      },
    );

    // The current code opens the same database: migration 0002 runs and the row is intact.
    const upgraded = await getProject(PROJECT_ID);
    expectKept(upgraded, { ...OLD_PROJECT, year: null, client: null, summary: null });
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      year: null,
      client: "",
      summary: "",
    });
    // The new columns work on the upgraded database, and the year's range is checked there too.
    await updateProject(PROJECT_ID, { year: 2024, client: "Acme", summary: "Now with details." });
    expect(await getProject(PROJECT_ID)).toMatchObject({ year: 2024, client: "Acme" });
    const db = await getDb();
    await expect(
      db.execute(sql`update projects set year = 1800 where id = ${PROJECT_ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 1, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      title: "Old project",
      year: null,
      client: null,
      summary: null,
    });
  });
});

/**
 * Migration 0003 (project status and protected projects' password hash, docs/spec.md §11) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time.
 */
describe("migration 0003: project status", () => {
  it("upgrades a site made before it without loss (every project published), and old backups restore as published", async () => {
    const site = await siteBefore(
      3,
      { tables: ["projects"], added: { projects: ["status"] } },
      async (execute) => {
        expect(await columnsOf(execute, "projects")).toContain("year");
        await insertOldProject(execute, PROJECT_ID, {
          year: 2020,
          client: "Acme",
          summary: "Before statuses.",
        });
      },
    );

    // The current code opens the same database: migration 0003 runs and the row is intact.
    const upgraded = await getProject(PROJECT_ID);
    expectKept(upgraded, {
      ...OLD_PROJECT,
      year: 2020,
      client: "Acme",
      summary: "Before statuses.",
      status: "published",
      passwordHash: null,
    });
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      status: "published",
      hasPassword: false,
    });
    // Still listed for visitors, as before the upgrade.
    expect((await listProjects("visitor")).map((p) => p.id)).toEqual([PROJECT_ID]);
    // The new columns work on the upgraded database, and their checks hold there too.
    await updateProject(PROJECT_ID, { status: "protected", passwordHash: "$2a$10$hash" });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      status: "protected",
      passwordHash: "$2a$10$hash",
    });
    expect(await listProjects("visitor")).toEqual([]);
    const db = await getDb();
    await expect(
      db.execute(sql`update projects set status = 'secret' where id = ${PROJECT_ID}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update projects set password_hash = null where id = ${PROJECT_ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 1, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      title: "Old project",
      year: 2020,
      status: "published",
      passwordHash: null,
    });
  });
});

/**
 * Migration 0004 (trash and versions) upgrades a site made before it: the data directory
 * (or PostgreSQL database) and a backup archive written by the code of that time. A backup of the
 * new schema carries the trash and the versions.
 */
describe("migration 0004: trash and versions", () => {
  it("upgrades a site made before it without loss, and old backups restore live at version 1", async () => {
    const site = await siteBefore(
      4,
      { tables: BOTH, added: { projects: ["deleted_at", "version"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { year: 2020 });
        const images = [{ url: "/media/i.png", key: "i.png", width: 1, height: 1, alt: "I" }];
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, { images: JSON.stringify(images) });
      },
    );

    // The current code opens the same database: migration 0004 runs and the rows are intact.
    expect(await getProject(PROJECT_ID)).toMatchObject({
      ...OLD_PROJECT,
      year: 2020,
      version: 1,
      deletedAt: null,
    });
    expect(await getSection(SECTION_ID)).toMatchObject({
      title: "Old section",
      version: 1,
      deletedAt: null,
    });
    expect((await getSection(SECTION_ID))?.images[0]?.alt).toBe("I");
    // The new columns work on the upgraded database.
    expect((await updateProject(PROJECT_ID, { title: "Edited" }, 1))?.after.version).toBe(2);
    await trashProject(PROJECT_ID);
    expect(await listProjects()).toEqual([]);
    expect((await restoreProject(PROJECT_ID))?.title).toBe("Edited");

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      title: "Old project",
      version: 1,
      deletedAt: null,
    });
    expect((await listSections(PROJECT_ID)).map((s) => [s.title, s.version])).toEqual([
      ["Old section", 1],
    ]);
  }, 180_000); // three databases opened and migrated: slow on a loaded machine

  it("a backup carries the trash and the versions: restored, the trash is the same", async () => {
    // Continues on the site restored above.
    await updateProject(PROJECT_ID, { title: "Version 2" });
    const trashedAt = new Date("2030-01-01T00:00:00.000Z");
    await trashSection(SECTION_ID, trashedAt);
    const source = process.env.DATA_DIR!;
    fs.mkdirSync(path.join(source, "uploads"), { recursive: true });
    const archive = path.join(work, "trash-backup.tar.gz");
    await createBackup(source, archive);
    const before = await listTrash();

    const target = await fresh();
    await restoreBackup(target, archive);
    expect(await listTrash()).toEqual(before);
    // Moving it to the trash counted as a change (version 2), so a tab from before cannot save over it.
    expect(before.sections.map((s) => [s.id, s.deletedAt?.toISOString(), s.version])).toEqual([
      [SECTION_ID, trashedAt.toISOString(), 2],
    ]);
    expect(await getProject(PROJECT_ID)).toMatchObject({ title: "Version 2", version: 2 });
    expect(await listSections(PROJECT_ID)).toEqual([]);
  }, 120_000);
});

/**
 * Migration 0005 (section layout, cover focal point) upgrades a site made before it: the data
 * directory (or PostgreSQL database) and a backup archive written by the code of that time. Images
 * stored without focal values read as the centre.
 */
describe("migration 0005: section layout and focal points", () => {
  const OLD_IMAGES = [
    { url: "/media/a.png", key: "a.png", width: 1600, height: 1000, alt: "A" },
    { url: "/media/b.png", key: "b.png", width: 1200, height: 1500, alt: "B" },
  ];

  it("upgrades a site made before it without loss, and old backups restore with the defaults", async () => {
    const site = await siteBefore(
      5,
      { tables: BOTH, added: { sections: ["layout"], projects: ["cover_focal_x"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID);
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, {
          description: "Text",
          images: JSON.stringify(OLD_IMAGES),
        });
      },
    );

    // The current code opens the same database: migration 0005 runs and the rows are intact.
    const project = await getProject(PROJECT_ID);
    expect(project).toMatchObject({ ...OLD_PROJECT, coverFocalX: 0.5, coverFocalY: 0.5 });
    expect(toProjectJson(project!, { owner: false }).coverFocal).toEqual({ x: 0.5, y: 0.5 });
    const section = await getSection(SECTION_ID);
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
        // Migration 0009's blur-up placeholder: none until the background fill makes one.
        placeholder: null,
      })),
    );

    // The new columns work on the upgraded database, and their rules hold there too.
    await updateProject(PROJECT_ID, { coverFocalX: 0.2, coverFocalY: 0.9 });
    expect(await getProject(PROJECT_ID)).toMatchObject({ coverFocalX: 0.2, coverFocalY: 0.9 });
    await updateSectionWith(SECTION_ID, () => ({ layout: "natural" }));
    expect(await getSection(SECTION_ID)).toMatchObject({ layout: "natural" });
    const db = await getDb();
    await expect(
      db.execute(sql`update sections set layout = 'masonry' where id = ${SECTION_ID}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update projects set cover_focal_x = 1.5 where id = ${PROJECT_ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({ coverFocalX: 0.5, coverFocalY: 0.5 });
    expect(await getSection(SECTION_ID)).toMatchObject({ layout: "grid", images: OLD_IMAGES });
  }, 180_000);
});

/**
 * Migration 0006 (a section video's playback and poster) upgrades a site made
 * before it: the data directory (or PostgreSQL database) and a backup archive written by the code
 * of that time. Its sections read as player videos without a poster.
 */
describe("migration 0006: video playback and poster", () => {
  // Three databases opened in turn (old schema, upgrade, restore target): slow on a loaded machine.
  it("upgrades a site made before it without loss, and old backups restore as player videos without posters", async () => {
    const site = await siteBefore(
      6,
      { tables: BOTH, added: { sections: ["video_playback", "poster_url"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { category: "Motion Design" });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, {
          title: "Old clip",
          description: "Words",
          video_url: "/media/clip.mp4",
          video_key: "clip.mp4",
        });
      },
    );

    // The current code opens the same database: migration 0006 runs and the row is intact.
    const upgraded = await getSection(SECTION_ID);
    expectKept(upgraded, {
      title: "Old clip",
      description: "Words",
      videoUrl: "/media/clip.mp4",
      videoKey: "clip.mp4",
      position: 0,
      videoPlayback: null,
      posterUrl: null,
      posterKey: null,
    });
    expect(toSectionJson(upgraded!)).toMatchObject({ playback: "player", poster: "" });
    // The new columns work on the upgraded database, and the playback's values are checked there too.
    await updateSectionWith(SECTION_ID, () => ({
      videoPlayback: "loop",
      posterUrl: "/media/p.jpg",
      posterKey: "p.jpg",
    }));
    expect(await getSection(SECTION_ID)).toMatchObject({
      videoPlayback: "loop",
      posterKey: "p.jpg",
    });
    const db = await getDb();
    await expect(
      db.execute(sql`update sections set video_playback = 'autoplay' where id = ${SECTION_ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    const restored = await getSection(SECTION_ID);
    expect(restored).toMatchObject({ title: "Old clip", videoPlayback: null, posterUrl: null });
    expect(toSectionJson(restored!)).toMatchObject({ playback: "player", poster: "" });
  }, 120_000);
});

/**
 * Migration 0007 (signing keys, rate limits and sign-in back-off in the database, for several
 * servers on one PostgreSQL) upgrades a site made before it without loss: its data directory (or
 * PostgreSQL database) and a backup archive written before it. On PostgreSQL the upgraded site's
 * signing key then lives in the new table; on PGlite it stays the file in DATA_DIR/auth.
 */
describe("migration 0007: shared auth state", () => {
  const USER = "6f1c3a52-29c4-4f64-9d3e-3f4b2f0c8a11";
  const SESSION = "2b0c7f0e-5d8e-4f0f-a3a4-6c1b9d2e7f30";

  it("upgrades a site made before it without loss, and its backups restore", async () => {
    const site = await siteBefore(7, {}, async (execute) => {
      const tables = await tablesOf(execute);
      expect(tables).not.toContain("auth_signing_keys");
      await insertOldProject(execute, PROJECT_ID, { user_id: USER });
      await execute(sql`insert into auth_users (id, email, encrypted_password, email_confirmed_at)
        values (${USER}, 'owner@example.com', '$2a$10$abcdefghijklmnopqrstuv', now())`);
      await execute(
        sql`insert into auth_sessions (id, user_id, amr) values (${SESSION}, ${USER}, '[]'::jsonb)`,
      );
    });
    const archive = path.join(work, "after-0007.tar.gz");

    // The current code opens the same database: 0007 runs, the old rows are intact.
    expect(await getProject(PROJECT_ID)).toMatchObject({ title: "Old project", role: "Director" });
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
      expect(fs.existsSync(path.join(site.dataDir, "auth", "jwt-signing-key.json"))).toBe(true);
    }

    // A backup of the upgraded site carries the site, not the keys or counters, and restores
    // into a new site whose servers may already have made their own key.
    expect(await createBackup(site.dataDir, archive)).toMatchObject({ rows: 3 });
    const target = await fresh();
    await getSigningKey();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 3, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({ title: "Old project" });
  }, 300_000); // two fresh embedded databases: each initdb takes a minute on a busy machine
});

/**
 * Migration 0008 (a project's cover loop): its projects read as covers without a
 * loop, and the loop's file is known to the trash.
 */
describe("migration 0008: cover loop", () => {
  it("upgrades a site made before it without loss, and old backups restore as covers without a loop", async () => {
    const site = await siteBefore(
      8,
      { tables: BOTH, added: { projects: ["cover_video_url", "cover_video_key"] } },
      (execute) => insertOldProject(execute, PROJECT_ID, { category: "Motion Design" }),
    );

    // The current code opens the same database: migration 0008 runs and the row is intact.
    const upgraded = await getProject(PROJECT_ID);
    expectKept(upgraded, {
      ...OLD_PROJECT,
      category: "Motion Design",
      coverVideoUrl: null,
      coverVideoKey: null,
    });
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({ coverVideo: "" });
    // The new columns work on the upgraded database, and /media's check knows the loop's file.
    await updateProject(PROJECT_ID, {
      coverVideoUrl: "/media/loop.mp4",
      coverVideoKey: "loop.mp4",
    });
    expect(await getProject(PROJECT_ID)).toMatchObject({ coverVideoKey: "loop.mp4" });
    expect(await listMediaHolders("loop.mp4")).toEqual([]);
    await trashProject(PROJECT_ID);
    expect(await listMediaHolders("loop.mp4")).toMatchObject([{ trashed: true }]);

    // A backup archive of the old schema (as `npm run backup` wrote it) restores into a new site.
    expect(await site.restoreOldBackup()).toEqual({ rows: 1, files: 0 });
    const restored = await getProject(PROJECT_ID);
    expect(restored).toMatchObject({
      title: "Old project",
      coverVideoUrl: null,
      coverVideoKey: null,
    });
    expect(toProjectJson(restored!, { owner: true })).toMatchObject({ coverVideo: "" });
  }, 120_000);
});

/**
 * Migration 0009 (blur-up placeholders): its images have no placeholder (null,
 * filled in the background later); new ones survive a backup.
 */
describe("migration 0009: image placeholders", () => {
  const PREVIEW =
    "data:image/webp;base64,UklGRh4AAABXRUJQVlA4IBIAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v89WAAAAA==";
  const IMAGES = [{ url: "/media/a.png", key: "a.png", width: 40, height: 30, alt: "A" }];

  it("upgrades a site made before it without loss; old and new backups restore", async () => {
    const site = await siteBefore(
      9,
      {
        tables: BOTH,
        added: { projects: ["cover_placeholder"], sections: ["poster_placeholder"] },
      },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, {
          category: "Motion Design",
          cover_focal_x: 0.25,
        });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, {
          images: JSON.stringify(IMAGES),
          video_url: "/media/clip.mp4",
          video_key: "clip.mp4",
          poster_url: "/media/p.png",
          poster_key: "p.png",
        });
      },
    );

    // The current code opens the same database: migration 0009 runs and the rows are intact.
    const project = await getProject(PROJECT_ID);
    expect(project).toMatchObject({
      ...OLD_PROJECT,
      category: "Motion Design",
      coverFocalX: 0.25,
      coverPlaceholder: null,
    });
    const section = await getSection(SECTION_ID);
    expect(section).toMatchObject({ images: IMAGES, posterKey: "p.png", posterPlaceholder: null });
    expect(toProjectJson(project!, { owner: false })).toMatchObject({ coverPlaceholder: null });
    expect(toSectionJson(section!)).toMatchObject({
      images: [{ url: "/media/a.png", placeholder: null }],
      posterPlaceholder: null,
    });

    // The new columns and the images' new field work on the upgraded database.
    await updateProject(PROJECT_ID, { coverPlaceholder: PREVIEW });
    await updateSectionWith(SECTION_ID, () => ({
      posterPlaceholder: PREVIEW,
      images: [{ ...IMAGES[0]!, placeholder: PREVIEW }],
    }));
    expect(toSectionJson((await getSection(SECTION_ID))!)).toMatchObject({
      images: [{ placeholder: PREVIEW }],
      posterPlaceholder: PREVIEW,
    });

    // `npm run backup` of the upgraded site carries the placeholders into a restored one.
    const current = path.join(work, "new-backup.tar.gz");
    await createBackup(site.dataDir, current);
    const copy = await fresh();
    await restoreBackup(copy, current);
    expect(await getProject(PROJECT_ID)).toMatchObject({ coverPlaceholder: PREVIEW });
    expect(await getSection(SECTION_ID)).toMatchObject({
      posterPlaceholder: PREVIEW,
      images: [{ placeholder: PREVIEW }],
    });

    // A backup archive of the old schema restores into a new site, without placeholders.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      coverPlaceholder: null,
      coverFocalX: 0.25,
    });
    expect(await getSection(SECTION_ID)).toMatchObject({ images: IMAGES, posterPlaceholder: null });
  }, 180_000);
});

/**
 * Migrations 0010 (the appearance settings: card titles, type pairing, accent colour, content
 * width) and 0012 (the gallery's filter bar setting, filterCategories), both written into the
 * settings' JSON value: the old settings stay, the new ones read as today's look and filter bar.
 */
describe("migrations 0010 and 0012: appearance and filter settings", () => {
  const OLD_SETTINGS = {
    ownerName: "Old Owner",
    tagline: "Old tagline",
    biography: "Old biography",
    portraitUrl: "",
    portraitKey: null,
    contactEmail: "old@example.com",
    showreelUrl: "",
    showreelPosterUrl: "",
    showreelPosterKey: null,
    socials: { behance: "https://behance.net/old", github: "", instagram: "", dribbble: "" },
  };
  const TODAY = {
    cardTitles: "hover",
    typePairing: "inter",
    accentColor: "#c2410c",
    contentWidth: "standard",
    // 0012: the contract's three filters.
    filterCategories: "spec",
  };
  /** Added later without a migration (placeholders, the Reel video): a stored value without them reads as none. */
  const LATER_DEFAULTS = {
    portraitPlaceholder: null,
    showreelPosterPlaceholder: null,
    showreelVideoUrl: "",
    showreelVideoKey: null,
    showreelVideoStatus: null,
    showreelVideoError: null,
    showreelVideoRenditions: [],
    showreelVideoMeta: null,
    showreelSince: null,
    availability: "",
  };

  it("upgrades a site made before it without loss, and its backups restore", async () => {
    const archive = path.join(work, "before-0010.tar.gz");
    const site = await siteBefore(10, {}, async (execute) => {
      await execute(
        sql`insert into site_settings (key, value) values ('site', ${JSON.stringify(OLD_SETTINGS)}::jsonb)`,
      );
    });

    // The current code opens the same database: 0010 to 0012 run, the old settings are intact
    // and the row now names today's look and filter bar explicitly.
    expect(await getSiteSettings()).toEqual({ ...OLD_SETTINGS, ...TODAY, ...LATER_DEFAULTS });
    const db = await getDb();
    const [row] = rowsOf<{ value: Record<string, unknown> }>(
      await db.execute(sql`select value from site_settings where key = 'site'`),
    );
    expect(row?.value).toEqual({ ...OLD_SETTINGS, ...TODAY });

    // A backup written before the appearance and filter fields existed (its settings row lacks
    // them) restores into a site after 0012: the settings come back, the new fields read as
    // defaults.
    await db.execute(
      sql`update site_settings set value = ${JSON.stringify(OLD_SETTINGS)}::jsonb where key = 'site'`,
    );
    expect(await createBackup(site.dataDir, archive)).toMatchObject({ rows: 1 });
    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 1, files: 0 });
    expect(await getSiteSettings()).toEqual({ ...OLD_SETTINGS, ...TODAY, ...LATER_DEFAULTS });
  }, 300_000); // two fresh embedded databases: each initdb takes a minute on a busy machine
});

/**
 * Migration 0011 (the placeholder job): an upgraded site owes the fill of its images' blur-up
 * placeholders once; the first start makes them from the stored files and drops the job.
 */
describe("migration 0011: the placeholder job", () => {
  const KEY = "0123456789abcdef0123456789abcdef.png";
  const IMAGES = [{ url: `/media/${KEY}`, key: KEY, width: 40, height: 30, alt: "A" }];

  it("upgrades a site made before it without loss; its first start fills the placeholders once", async () => {
    const site = await siteBefore(11, { tables: BOTH }, async (execute) => {
      await insertOldProject(execute, PROJECT_ID, { category: "Motion Design" });
      await insertOldSection(execute, SECTION_ID, PROJECT_ID, { images: JSON.stringify(IMAGES) });
    });
    const uploads = path.join(site.dataDir, "uploads");
    fs.mkdirSync(uploads, { recursive: true });
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toFile(path.join(uploads, KEY));

    // The current code opens the same database: 0011 runs, the rows are intact, the job is owed.
    const db = await getDb();
    const owed = async () =>
      rowsOf<{ name: string }>(await db.execute(sql`select name from pending_jobs`)).map(
        (row) => row.name,
      );
    expect(await owed()).toEqual(["placeholder-backfill"]);
    expectKept(await getProject(PROJECT_ID), { ...OLD_PROJECT, category: "Motion Design" });
    expect(await getSection(SECTION_ID)).toMatchObject({ images: IMAGES });

    // The first start fills the image's placeholder in the background, then drops the job.
    await startPlaceholderFill();
    await expect.poll(owed, { timeout: 30_000 }).toEqual([]);
    expect((await getSection(SECTION_ID))!.images[0]!.placeholder).toMatch(
      /^data:image\/webp;base64,/,
    );

    // A backup of the upgraded site restores it whole.
    const archive = path.join(work, "after-0011.tar.gz");
    expect(await createBackup(site.dataDir, archive)).toMatchObject({ rows: 2, files: 1 });
    await restoreBackup(await fresh(), archive);
    expect((await getSection(SECTION_ID))!.images[0]!.placeholder).toMatch(/^data:image\/webp/);
  }, 300_000);
});

/**
 * Migration 0013 (contact messages, docs/spec.md §12): a site made before it keeps its content,
 * gets an empty inbox that works, and a backup carries the messages; an old backup restores.
 */
describe("migration 0013: contact messages", () => {
  it("upgrades a site made before it without loss, and backups carry the messages", async () => {
    const site = await siteBefore(13, { tables: BOTH }, async (execute) => {
      expect(await tablesOf(execute)).not.toContain("contact_messages");
      await insertOldProject(execute, PROJECT_ID);
    });

    // The current code opens the same database: 0013 runs, the project is intact, the inbox empty.
    expectKept(await getProject(PROJECT_ID), OLD_PROJECT);
    expect((await listContactMessages("inbox")).messages).toEqual([]);
    const stored = await createContactMessage({
      name: "Ada",
      email: "ada@client.example",
      message: "<b>Hello</b>, about this project.",
      budget: "2,000 – 5,000",
      deadline: "2031-05-01",
      projectId: PROJECT_ID,
      folder: "inbox",
      spamReason: null,
      proofNonce: "a".repeat(32),
    });
    expect(stored).toMatchObject({ folder: "inbox", mailedAt: null });
    expect(stored!.mailRetryAt).not.toBeNull();
    await trashContactMessage(
      (await createContactMessage({
        name: "Bo",
        email: "bo@client.example",
        message: "A second one, trashed.",
        budget: null,
        deadline: null,
        projectId: null,
        folder: "spam",
        spamReason: "Three or more links",
        proofNonce: null,
      }))!.id,
    );
    const before = {
      inbox: (await listContactMessages("inbox")).messages,
      trash: (await listContactMessages("trash")).messages,
    };
    expect(before.inbox).toMatchObject([{ projectTitle: "Old project", projectId: PROJECT_ID }]);
    expect(before.trash).toHaveLength(1);

    // A backup of the upgraded site restores the messages, trash and all.
    const archive = path.join(work, "after-0013.tar.gz");
    expect(await createBackup(site.dataDir, archive)).toMatchObject({ rows: 3 });
    await restoreBackup(await fresh(), archive);
    expect((await listContactMessages("inbox")).messages).toEqual(before.inbox);
    expect((await listContactMessages("trash")).messages).toEqual(before.trash);

    // A backup written before 0013 (no contact_messages in it) restores with an empty inbox.
    await site.restoreOldBackup();
    expectKept(await getProject(PROJECT_ID), OLD_PROJECT);
    expect((await listContactMessages("inbox")).messages).toEqual([]);
  }, 300_000);
});

/**
 * Migration 0014 (the publishing schedule, docs/spec.md §11): an upgraded site's projects have no
 * schedule and are listed as before; the new columns and their order check work there, and an old
 * backup restores with no schedule.
 */
describe("migration 0014: publishing on a schedule", () => {
  it("upgrades a site made before it without loss, and old backups restore unscheduled", async () => {
    const site = await siteBefore(
      14,
      { tables: ["projects"], added: { projects: ["publish_at", "unpublish_at"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { status: "published", year: 2021 });
      },
    );

    // The current code opens the same database: 0014 runs, the row is intact and still listed.
    const upgraded = await getProject(PROJECT_ID);
    expectKept(upgraded, { ...OLD_PROJECT, year: 2021, publishAt: null, unpublishAt: null });
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      publishAt: null,
      unpublishAt: null,
    });
    expect((await listProjects("visitor")).map((p) => p.id)).toEqual([PROJECT_ID]);
    // The new columns work there: a future publishing time takes it out of the visitor's list.
    const publishAt = new Date(Date.now() + 3_600_000);
    await updateProject(PROJECT_ID, { publishAt });
    expect(await getProject(PROJECT_ID)).toMatchObject({ publishAt, unpublishAt: null });
    expect(await listProjects("visitor")).toEqual([]);
    const db = await getDb();
    await expect(
      db.execute(sql`update projects set unpublish_at = publish_at where id = ${PROJECT_ID}`),
    ).rejects.toThrow();

    // A backup archive of the old schema restores into a new site, unscheduled.
    expect(await site.restoreOldBackup()).toEqual({ rows: 1, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({
      title: "Old project",
      year: 2021,
      publishAt: null,
      unpublishAt: null,
    });
    expect((await listProjects("visitor")).map((p) => p.id)).toEqual([PROJECT_ID]);
  }, 300_000); // two fresh embedded databases
});

/**
 * Migration 0015 (client review links, docs/spec.md §13): a site made before it keeps its
 * projects and sections; its new tables work on the upgraded database, and a backup carries the
 * links (token included, so a sent URL works after a restore), their comments and their opens.
 */
describe("migration 0015: review links", () => {
  it("upgrades a site made before it without loss; links, comments and opens survive a backup and restore", async () => {
    const site = await siteBefore(15, { tables: BOTH, added: {} }, async (execute) => {
      const before = await tablesOf(execute);
      expect(before).not.toContain("review_links");
      await insertOldProject(execute, PROJECT_ID, { status: "draft" });
      await insertOldSection(execute, SECTION_ID, PROJECT_ID);
    });
    expectKept(await getProject(PROJECT_ID), { ...OLD_PROJECT, status: "draft" });
    expect(await getSection(SECTION_ID)).toMatchObject({ title: "Old section" });

    const link = await createReviewLink({
      name: "Acme — pitch",
      projectIds: [PROJECT_ID],
      expiresAt: null,
      passwordHash: null,
      allowDownload: true,
    });
    const open = await recordReviewOpen(link.id, "phone");
    await updateReviewOpen(link, open.id, { projectsViewed: [PROJECT_ID], videoSeconds: 7 });
    await addReviewComment(link, {
      sectionId: SECTION_ID,
      name: "Ann",
      text: "<b>Tighter</b> here",
      time: 3.2,
      x: null,
      y: null,
      image: null,
      openId: open.id,
    });

    // The owner's mail: one per visit, once it has been quiet for the given time; a later comment
    // of the same visit makes one more mail with that comment only.
    const quiet = 5 * 60 * 1000;
    expect(await claimReviewMail(quiet)).toEqual([]);
    const later = new Date(Date.now() + quiet + 1000);
    expect(await claimReviewMail(quiet, later)).toMatchObject([
      { link: { id: link.id }, comments: [{ name: "Ann" }] },
    ]);
    expect(await claimReviewMail(quiet, new Date(later.getTime() + quiet))).toEqual([]);
    await addReviewComment(link, {
      sectionId: SECTION_ID,
      name: "Ann",
      text: "And the end card",
      time: null,
      x: 0.25,
      y: 0.5,
      image: 0,
      openId: open.id,
    });
    const batch = await claimReviewMail(quiet, new Date(Date.now() + 2 * quiet));
    expect(batch.map((mail) => mail.comments.map((c) => c.text))).toEqual([["And the end card"]]);

    const archive = path.join(work, "after-0015.tar.gz");
    expect(await createBackup(site.dataDir, archive)).toMatchObject({ rows: 6 });
    await restoreBackup(await fresh(), archive);
    const restored = await getReviewLinkByToken(link.token);
    expect(restored).toMatchObject({ id: link.id, name: "Acme — pitch", projectIds: [PROJECT_ID] });
    expect(await listReviewComments(link.id)).toMatchObject([
      { name: "Ann", text: "<b>Tighter</b> here", time: 3.2, openId: open.id },
      { text: "And the end card", x: 0.25, y: 0.5, image: 0 },
    ]);
    expect(await listReviewOpens(link.id)).toMatchObject([
      { device: "phone", projectsViewed: [PROJECT_ID], videoSeconds: 7 },
    ]);
  }, 300_000);
});

/**
 * Migration 0016 (the cookieless view counts, docs/security.md "Insights"): a site made before it
 * keeps its content, counts views once upgraded, and a backup made before it restores with no
 * counts.
 */
describe("migration 0016: view counts", () => {
  it("upgrades a site made before it without loss; it counts views, and its backups restore", async () => {
    const site = await siteBefore(16, { tables: BOTH }, async (execute) => {
      const tables = await tablesOf(execute);
      for (const table of ["view_counts", "view_salts", "view_visitors"])
        expect(tables).not.toContain(table);
      await insertOldProject(execute, PROJECT_ID, { category: "Illustration" });
      await insertOldSection(execute, SECTION_ID, PROJECT_ID);
    });

    // The current code opens the same database: 0016 runs, the content is intact and counted.
    expectKept(await getProject(PROJECT_ID), { ...OLD_PROJECT, category: "Illustration" });
    expect(await listSections(PROJECT_ID)).toHaveLength(1);
    await countView({
      path: `/sections/${PROJECT_ID}`,
      projectId: PROJECT_ID,
      referrer: null,
      device: "desktop",
      address: "203.0.113.1",
      userAgent: "Mozilla/5.0",
    });
    await flushViews();
    const today = utcDay();
    expect((await readInsights(today, today)).projects).toEqual([
      { _id: PROJECT_ID, title: "Old project", views: 1, visitors: 1 },
    ]);

    // A backup archive of the old schema restores into a new site, with no counts.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(await getProject(PROJECT_ID)).toMatchObject({ title: "Old project" });
    expect((await readInsights(today, today)).totals).toEqual({ views: 0, visitors: 0 });
  }, 300_000);
});

/**
 * Migration 0017 (video encoding): a video stored before it stays the one file as uploaded, read
 * as a ready single-rendition video; no encoding job is queued for it.
 */
describe("migration 0017: video encoding", () => {
  const VIDEO = { video_url: "/media/old.mp4", video_key: "old.mp4", video_playback: "player" };
  const SINGLE = [
    { url: "/media/old.mp4", type: "video/mp4", width: null, height: null, bytes: null },
  ];

  it("upgrades a site made before it without loss: old videos are single-rendition and ready", async () => {
    const site = await siteBefore(
      17,
      { tables: BOTH, added: { sections: ["video_status", "video_renditions"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { category: "Motion Design" });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, VIDEO);
      },
    );

    // The current code opens the same database: 0017 runs, the video is kept as it was.
    const upgraded = await getSection(SECTION_ID);
    expect(upgraded).toMatchObject({
      videoUrl: "/media/old.mp4",
      videoKey: "old.mp4",
      videoStatus: null,
      videoRenditions: [],
      videoMeta: null,
    });
    expect(toSectionJson(upgraded!)).toMatchObject({
      video: "/media/old.mp4",
      videoStatus: "ready",
      videoRenditions: SINGLE,
    });
    const db = await getDb();
    expect(rowsOf(await db.execute(sql`select id from video_jobs`))).toEqual([]);
    // The new columns work on the upgraded database.
    const rendition = { url: "/media/r.mp4", key: "r.mp4", type: "video/mp4" as const };
    await updateSectionWith(SECTION_ID, () => ({
      videoStatus: "ready",
      videoRenditions: [{ ...rendition, width: 854, height: 480, bytes: 10 }],
    }));
    expect(toSectionJson((await getSection(SECTION_ID))!)).toMatchObject({
      video: "/media/r.mp4",
      videoRenditions: [{ url: "/media/r.mp4", width: 854, height: 480, bytes: 10 }],
    });

    // A backup archive of the old schema restores into a new site the same way.
    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(toSectionJson((await getSection(SECTION_ID))!)).toMatchObject({
      videoStatus: "ready",
      videoRenditions: SINGLE,
    });
  }, 120_000);
});

/**
 * Migration 0018 (poster and trim): a video stored before it keeps its poster (the owner's, not
 * taken from the video) and has no trim; old backups restore the same way.
 */
describe("migration 0018: poster and trim", () => {
  it("upgrades a site made before it without loss: posters stay the owner's, loops untrimmed", async () => {
    const VIDEO = {
      video_url: "/media/old.mp4",
      video_key: "old.mp4",
      video_playback: "loop",
      poster_url: "/media/old.jpg",
      poster_key: "old.jpg",
    };
    const site = await siteBefore(
      18,
      { tables: BOTH, added: { sections: ["poster_time", "trim_start", "trim_end"] } },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { category: "Motion Design" });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, VIDEO);
      },
    );
    const unset = { posterFromVideo: false, posterTime: null, trimStart: null, trimEnd: null };
    const upgraded = await getSection(SECTION_ID);
    expect(upgraded).toMatchObject({ videoUrl: "/media/old.mp4", posterUrl: "/media/old.jpg" });
    expect(toSectionJson(upgraded!)).toMatchObject({ ...unset, poster: "/media/old.jpg" });
    // The new columns work on the upgraded database.
    await updateSectionWith(SECTION_ID, () => ({ posterFromVideo: true, trimEnd: 2.5 }));
    expect(toSectionJson((await getSection(SECTION_ID))!)).toMatchObject({
      posterFromVideo: true,
      trimEnd: 2.5,
    });

    expect(await site.restoreOldBackup()).toEqual({ rows: 2, files: 0 });
    expect(toSectionJson((await getSection(SECTION_ID))!)).toMatchObject(unset);
  }, 120_000);
});

/**
 * Migration 0019 (which image a review comment's point is on, docs/spec.md §13): comments made
 * before it keep their point, on no image in particular (the reviewer page shows it on the first);
 * new comments name their image, in the database and in a backup.
 */
describe("migration 0019: review comments on an image", () => {
  const LINK_ID = "0123456789abcdef0123abcd";
  const COMMENT_ID = "0123456789abcdef0123cdef";
  const OLD_TOKEN = "o".repeat(43);

  it("upgrades a site made before it without loss; a new comment's image survives a backup and restore", async () => {
    const site = await siteBefore(
      19,
      {
        tables: [...BOTH, "review_links", "review_comments"],
        added: { review_comments: ["image"] },
      },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { status: "draft" });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID);
        await insertRow(execute, "review_links", {
          id: LINK_ID,
          token: OLD_TOKEN,
          name: "Old link",
          project_ids: JSON.stringify([PROJECT_ID]),
        });
        await insertRow(execute, "review_comments", {
          id: COMMENT_ID,
          link_id: LINK_ID,
          section_id: SECTION_ID,
          name: "Ann",
          text: "Brighter here",
          x: 0.2,
          y: 0.7,
        });
      },
    );

    // The current code opens the same database: 0019 runs, the old comment keeps its point.
    expect((await listReviewComments(LINK_ID)).map(toReviewCommentJson)).toMatchObject([
      { _id: COMMENT_ID, text: "Brighter here", x: 0.2, y: 0.7, image: null },
    ]);
    const link = (await getReviewLinkByToken(OLD_TOKEN))!;
    await addReviewComment(link, {
      sectionId: SECTION_ID,
      name: "Ann",
      text: "And the sky on the second image",
      time: null,
      x: 0.5,
      y: 0.1,
      image: 1,
      openId: null,
    });
    await expect(
      addReviewComment(link, {
        sectionId: SECTION_ID,
        name: "Ann",
        text: "Off the images",
        time: null,
        x: 0.5,
        y: 0.5,
        image: -1,
        openId: null,
      }),
    ).rejects.toThrow();

    const archive = path.join(work, "after-0019.tar.gz");
    await createBackup(site.dataDir, archive);
    await restoreBackup(await fresh(), archive);
    expect(await listReviewComments(LINK_ID)).toMatchObject([
      { id: COMMENT_ID, image: null },
      { text: "And the sky on the second image", x: 0.5, y: 0.1, image: 1 },
    ]);

    // A backup archive of the old schema restores into a new site the same way.
    expect(await site.restoreOldBackup()).toEqual({ rows: 4, files: 0 });
    expect(await listReviewComments(LINK_ID)).toMatchObject([
      { id: COMMENT_ID, x: 0.2, y: 0.7, image: null },
    ]);
  }, 120_000);
});

/**
 * Migration 0020 (cover loops through the encoding queue, docs/media.md "Cover loops"): a cover
 * loop stored before it stays the one file as uploaded, read as a ready single rendition, and no
 * job is queued for it; a section's job keeps its section. Jobs of cover loops, and the new
 * columns, survive a backup.
 */
describe("migration 0020: cover loops encoded", () => {
  const LOOP = { cover_video_url: "/media/loop.mp4", cover_video_key: "loop.mp4" };
  const JOB_ID = "0123456789abcdef0123cdef";

  it("upgrades a site made before it without loss: old loops are single-rendition and ready", async () => {
    const site = await siteBefore(
      20,
      {
        tables: [...BOTH, "video_jobs"],
        added: {
          projects: ["cover_video_status", "cover_video_renditions", "cover_trim_start"],
          video_jobs: ["project_id"],
        },
      },
      async (execute) => {
        await insertOldProject(execute, PROJECT_ID, { category: "Motion Design", ...LOOP });
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, {
          video_url: "/media/old.mp4",
          video_key: "old.mp4",
          video_status: "processing",
        });
        await insertRow(execute, "video_jobs", {
          id: JOB_ID,
          section_id: SECTION_ID,
          source_key: "old.mp4",
        });
      },
    );

    const upgraded = await getProject(PROJECT_ID);
    expectKept(upgraded, {
      coverVideoUrl: "/media/loop.mp4",
      coverVideoStatus: null,
      coverVideoRenditions: [],
      coverTrimStart: null,
      coverTrimEnd: null,
    });
    expect(toProjectJson(upgraded!, { owner: true })).toMatchObject({
      coverVideo: "/media/loop.mp4",
      coverVideoStatus: "ready",
      coverVideoRenditions: [
        { url: "/media/loop.mp4", type: "video/mp4", width: null, height: null, bytes: null },
      ],
    });
    const db = await getDb();
    const jobs = async () =>
      rowsOf<{ id: string; section_id: string | null; project_id: string | null }>(
        await (
          await getDb()
        ).execute(sql`select id, section_id, project_id from video_jobs order by id`),
      );
    expect(await jobs()).toEqual([{ id: JOB_ID, section_id: SECTION_ID, project_id: null }]);

    // The new columns work on the upgraded database: a new out point queues the kept loop.
    const edited = (await updateProject(PROJECT_ID, {
      coverTrimEnd: 2,
      coverVideoStatus: "processing",
    }))!;
    await syncCoverJob(edited.before, edited.after);
    expect(await jobs()).toMatchObject([
      { id: JOB_ID, section_id: SECTION_ID, project_id: null },
      { section_id: null, project_id: PROJECT_ID },
    ]);
    // A job is a section's or a project's, never both nor neither.
    await expect(
      db.execute(sql`insert into video_jobs (id, source_key) values ('x', 'loop.mp4')`),
    ).rejects.toThrow();
    const archive = path.join(work, "after-0020.tar.gz");
    await createBackup(site.dataDir, archive);
    await restoreBackup(await fresh(), archive);
    expect(await getProject(PROJECT_ID)).toMatchObject({
      coverTrimEnd: 2,
      coverVideoStatus: "processing",
    });
    expect(await jobs()).toHaveLength(2);

    // A backup archive of the old schema restores the same way as the upgrade.
    expect(await site.restoreOldBackup()).toEqual({ rows: 3, files: 0 });
    expect(toProjectJson((await getProject(PROJECT_ID))!, { owner: true })).toMatchObject({
      coverVideoStatus: "ready",
      coverTrimEnd: null,
    });
  }, 120_000);
});

/**
 * Migration 0021 (the showreel through the encoding queue, docs/media.md "The showreel"): a
 * showreel mp4 stored before it keeps playing as uploaded (no status, no renditions) and no job is
 * queued for it; the jobs of sections keep their owners. The showreel's job and its new settings
 * fields survive a backup.
 */
describe("migration 0021: the showreel encoded", () => {
  const JOB_ID = "0123456789abcdef0123cdef";
  const OLD_REEL = {
    ownerName: "Old Owner",
    tagline: "",
    biography: "",
    portraitUrl: "",
    portraitKey: null,
    contactEmail: "",
    showreelUrl: "",
    showreelPosterUrl: "/media/poster.jpg",
    showreelPosterKey: "poster.jpg",
    showreelVideoUrl: "/media/reel.mp4",
    showreelVideoKey: "reel.mp4",
    socials: { behance: "", github: "", instagram: "", dribbble: "" },
  };

  it("upgrades a site made before it without loss: an old showreel plays as uploaded, unqueued", async () => {
    const site = await siteBefore(
      21,
      { tables: [...BOTH, "site_settings", "video_jobs"], added: { video_jobs: ["settings_key"] } },
      async (execute) => {
        await execute(
          sql`insert into site_settings (key, value) values ('site', ${JSON.stringify(OLD_REEL)}::jsonb)`,
        );
        await insertOldProject(execute, PROJECT_ID);
        await insertOldSection(execute, SECTION_ID, PROJECT_ID, {
          video_url: "/media/old.mp4",
          video_key: "old.mp4",
          video_status: "processing",
        });
        await insertRow(execute, "video_jobs", {
          id: JOB_ID,
          section_id: SECTION_ID,
          source_key: "old.mp4",
        });
      },
    );

    expect(await getSiteSettings()).toMatchObject({
      ...OLD_REEL,
      showreelVideoStatus: null,
      showreelVideoError: null,
      showreelVideoRenditions: [],
      showreelVideoMeta: null,
    });
    const jobs = async () =>
      rowsOf<{ id: string; section_id: string | null; settings_key: string | null }>(
        await (
          await getDb()
        ).execute(sql`select id, section_id, settings_key from video_jobs order by id`),
      );
    expect(await jobs()).toEqual([{ id: JOB_ID, section_id: SECTION_ID, settings_key: null }]);

    // The new column works on the upgraded database: a new showreel upload is queued.
    await updateSiteSettingsWith((before) => ({
      ...before,
      showreelVideoUrl: "/media/master.mov",
      showreelVideoKey: "master.mov",
      showreelVideoStatus: "processing",
    }));
    await syncReelJob();
    expect(await videoJobOf(REEL)).toMatchObject({ sourceKey: "master.mov", state: "queued" });
    // A job is one owner's: a section's, a project's or the showreel's, never two nor none.
    const db = await getDb();
    await expect(
      db.execute(sql`insert into video_jobs (id, source_key) values ('x', 'reel.mp4')`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into video_jobs (id, section_id, settings_key, source_key) values ('y', ${SECTION_ID}, 'site', 'reel.mp4')`,
      ),
    ).rejects.toThrow();

    const archive = path.join(work, "after-0021.tar.gz");
    await createBackup(site.dataDir, archive);
    await restoreBackup(await fresh(), archive);
    expect(await getSiteSettings()).toMatchObject({
      showreelVideoKey: "master.mov",
      showreelVideoStatus: "processing",
    });
    expect(await jobs()).toHaveLength(2);
    expect(await videoJobOf(REEL)).toMatchObject({ sourceKey: "master.mov" });

    // A backup archive of the old schema restores the same way as the upgrade.
    expect(await site.restoreOldBackup()).toEqual({ rows: 4, files: 0 });
    expect(await getSiteSettings()).toMatchObject({ ...OLD_REEL, showreelVideoStatus: null });
    expect(await jobs()).toEqual([{ id: JOB_ID, section_id: SECTION_ID, settings_key: null }]);
  }, 120_000);
});
