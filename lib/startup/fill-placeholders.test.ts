import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { getDb, rowsOf } from "@/lib/db";
import { getProject } from "@/lib/data/projects";
import { getSection } from "@/lib/data/sections";
import { getSiteSettings } from "@/lib/data/settings";
import { uploadsDir } from "@/lib/storage/local";
import { makePlaceholder } from "@/lib/uploads/placeholder";
import { owePlaceholders } from "@/lib/data/pending-jobs";
import { fillPlaceholders, startPlaceholderFill, storageReader } from "./fill-placeholders";

const { fresh } = useDatabases("fill-placeholders");

const PROJECT = "0123456789abcdef01234567";
const SECTION = "0123456789abcdef0123abcd";
const key = (n: number, ext = "png") => `${String(n).repeat(32).slice(0, 32)}.${ext}`;

/** A decoded placeholder's size: it must be a real image of the source's shape. */
async function decode(dataUrl: string) {
  const match = /^data:image\/webp;base64,(.+)$/.exec(dataUrl);
  expect(match).not.toBeNull();
  return sharp(Buffer.from(match![1]!, "base64")).metadata();
}

const photo = (width: number, height: number, alpha = 1) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 180, g: 60, b: 40, alpha } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

describe("blur-up placeholders", () => {
  it("are tiny WebP data URLs of the image's aspect ratio, ≤ 16 px on the long side", async () => {
    const wide = (await makePlaceholder(await photo(1600, 900)))!;
    const tall = (await makePlaceholder(await photo(800, 1200, 0.5)))!;
    for (const [url, width, height] of [
      [wide, 16, 9],
      [tall, 11, 16],
    ] as const) {
      expect(url.length).toBeLessThanOrEqual(300);
      const meta = await decode(url);
      expect(meta.width).toBeLessThanOrEqual(16);
      expect(meta.height).toBeLessThanOrEqual(16);
      expect(Math.abs(meta.width! / meta.height! - width / height)).toBeLessThan(0.1);
    }
    // A transparent image keeps its transparency: the page shows through the preview too.
    expect((await decode(tall)).hasAlpha).toBe(true);
    expect(await makePlaceholder(Buffer.from("not an image"))).toBeNull();
  });

  it("are filled in for stored images made before them, once, leaving edits' versions alone", async () => {
    const dataDir = await fresh();
    const db = await getDb();
    fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(dataDir), key(1)), await photo(1200, 800));
    fs.writeFileSync(path.join(uploadsDir(dataDir), key(2)), await photo(600, 900));
    fs.writeFileSync(path.join(uploadsDir(dataDir), key(3)), await photo(1280, 720));
    const images = [
      { url: `/media/${key(2)}`, key: key(2), width: 600, height: 900, alt: "Tall" },
      // An imported external URL has no key: nothing to read, left as it is.
      { url: "https://example.com/x.jpg", key: null, width: null, height: null, alt: "External" },
      // A file that is gone: counted as failed, the image renders without a placeholder.
      { url: `/media/${key(4)}`, key: key(4), width: 10, height: 10, alt: "Gone" },
    ];
    await db.execute(sql`insert into projects (id, title, cover_url, cover_key, role, category, user_id, position)
      values (${PROJECT}, 'Old', ${`/media/${key(1)}`}, ${key(1)}, 'Director', 'Motion Design', 'owner', 0)`);
    await db.execute(sql`insert into sections (id, project_id, images, video_url, video_key, poster_url, poster_key, position)
      values (${SECTION}, ${PROJECT}, ${JSON.stringify(images)}::jsonb, '/media/v.mp4', ${key(5, "mp4")},
        ${`/media/${key(3)}`}, ${key(3)}, 0)`);
    const before = { project: await getProject(PROJECT), section: await getSection(SECTION) };
    expect(before.project!.coverPlaceholder).toBeNull();

    const read = storageReader(dataDir);
    expect(await fillPlaceholders(db, read)).toEqual({ filled: 3, failed: 1 });

    const project = (await getProject(PROJECT))!;
    const section = (await getSection(SECTION))!;
    expect((await decode(project.coverPlaceholder!)).width).toBe(16);
    expect((await decode(section.posterPlaceholder!)).width).toBe(16);
    const [tall, external, gone] = section.images;
    expect(await decode(tall!.placeholder!)).toMatchObject({ width: 11, height: 16 });
    expect(external).toEqual(images[1]);
    expect(gone).toEqual(images[2]);
    // Not an edit: an owner's open form (it holds the version) can still save.
    expect(project.version).toBe(before.project!.version);
    expect(section.version).toBe(before.section!.version);
    expect(section.updatedAt).toEqual(before.section!.updatedAt);

    // Idempotent: the next start reads only what still lacks one (the missing file), changes nothing.
    expect(await fillPlaceholders(db, read)).toEqual({ filled: 0, failed: 1 });
    expect(await getSection(SECTION)).toEqual(section);
  }, 120_000);
});

describe("blur-up placeholders of the site settings", () => {
  it("are filled in for a portrait and a Reel poster stored before them, keeping the rest", async () => {
    const dataDir = await fresh();
    const db = await getDb();
    fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(dataDir), key(6)), await photo(800, 1000));
    const stored = {
      ownerName: "Old Site",
      portraitUrl: `/media/${key(6)}`,
      portraitKey: key(6),
      // Its file is gone: counted as failed, the Reel shows the poster without one.
      showreelPosterUrl: `/media/${key(7)}`,
      showreelPosterKey: key(7),
    };
    await db.execute(sql`insert into site_settings (key, value) values ('site', ${JSON.stringify(stored)}::jsonb)
      on conflict (key) do update set value = excluded.value`);

    const read = storageReader(dataDir);
    expect(await fillPlaceholders(db, read)).toEqual({ filled: 1, failed: 1 });
    const settings = await getSiteSettings();
    expect(await decode(settings.portraitPlaceholder!)).toMatchObject({ width: 13, height: 16 });
    expect(settings.showreelPosterPlaceholder).toBeNull();
    expect(settings).toMatchObject({ ...stored });

    // Only the missing file is read again; nothing changes.
    expect(await fillPlaceholders(db, read)).toEqual({ filled: 0, failed: 1 });
    expect(await getSiteSettings()).toEqual(settings);
  }, 120_000);
});

describe("the placeholder job", () => {
  const owed = async () =>
    rowsOf(await (await getDb()).execute(sql`select name from pending_jobs`)).length > 0;

  it("is owed by the migration and by a write, and a start with nothing to fill drops it", async () => {
    await fresh();
    // Migration 0011 owes it on every database, new or upgraded.
    expect(await owed()).toBe(true);
    await startPlaceholderFill();
    expect(await owed()).toBe(false);
    // Gone, a start does nothing at all: no fill on every start.
    await startPlaceholderFill();
    expect(await owed()).toBe(false);
    await owePlaceholders();
    await owePlaceholders();
    expect(await owed()).toBe(true);
  });
});

describe("PLACEHOLDER_FILL", () => {
  it("is on unless set to off, and refuses anything else with a clear message", async () => {
    const { parseEnv } = await import("@/lib/env");
    expect(parseEnv({}).PLACEHOLDER_FILL).toBe(true);
    expect(parseEnv({ PLACEHOLDER_FILL: "on" }).PLACEHOLDER_FILL).toBe(true);
    expect(parseEnv({ PLACEHOLDER_FILL: "off" }).PLACEHOLDER_FILL).toBe(false);
    expect(() => parseEnv({ PLACEHOLDER_FILL: "no" })).toThrow(
      'Invalid environment variable PLACEHOLDER_FILL: must be "on" or "off"',
    );
  });
});
