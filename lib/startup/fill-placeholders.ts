import "server-only";
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { TAGS } from "@/lib/cache";
import { PLACEHOLDER_JOB } from "@/lib/data/pending-jobs";
import { getDb, rowsOf, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { localPath } from "@/lib/storage/local";
import { makePlaceholder } from "@/lib/uploads/placeholder";
import { SETTINGS_IMAGES } from "@/lib/validation/site-settings";
import type { SectionImage } from "@/models";
import { expireTagsFromBackground } from "./instance-sync";

/** Reads a stored image's bytes by its key and URL; null when it cannot be read. */
export type ReadMedia = (key: string, url: string) => Promise<Buffer | null>;

export type FillResult = { filled: number; failed: number };

/** At most this many images per round. */
export const FILL_LIMIT = 500;
/** A stored image larger than this is not read for a placeholder (the upload limit is 5 MB). */
const MAX_READ_BYTES = 20 * 1024 * 1024;

/**
 * Reads from the local uploads directory, or over HTTPS for a Cloudinary key (its URL is the
 * stored one, never a client's). Anything else (an imported external URL has no key) is skipped.
 */
export function storageReader(dataDir: string): ReadMedia {
  return async (key, url) => {
    const local = localPath(dataDir, key);
    try {
      if (local) return await fs.readFile(local);
      if (!url.startsWith("https://res.cloudinary.com/")) return null;
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) return null;
      const length = Number(response.headers.get("content-length") ?? 0);
      if (length > MAX_READ_BYTES) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.length > MAX_READ_BYTES ? null : bytes;
    } catch {
      return null;
    }
  };
}

/** The columns of the images stored one to a row: a project's cover, a section's video poster. */
const SINGLE_IMAGES = [
  { table: "projects", key: "cover_key", url: "cover_url", placeholder: "cover_placeholder" },
  { table: "sections", key: "poster_key", url: "poster_url", placeholder: "poster_placeholder" },
] as const;

async function placeholderOf(read: ReadMedia, key: string, url: string): Promise<string | null> {
  const bytes = await read(key, url);
  return bytes ? makePlaceholder(bytes) : null;
}

/**
 * Gives stored images made before placeholders existed (migration 0009) their
 * blur-up placeholder: project covers, section images (the images JSON), video posters, and the
 * settings' portrait and Reel poster. Each
 * update is a compare-and-set on what was read (the same key, still no placeholder, the same
 * images JSON), so a concurrent edit wins and a second run, or a second server, does nothing
 * twice. Neither `version` nor `updatedAt` changes: this is not an edit, and an owner's open form
 * must not turn stale. An image that cannot be read or decoded keeps rendering without one.
 */
export async function fillPlaceholders(
  db: Db,
  read: ReadMedia,
  limit: number = FILL_LIMIT,
): Promise<FillResult> {
  const result: FillResult = { filled: 0, failed: 0 };
  let budget = limit;
  const count = (ok: boolean) => {
    budget -= 1;
    if (ok) result.filled += 1;
    else result.failed += 1;
  };

  for (const { table, key, url, placeholder: column } of SINGLE_IMAGES) {
    if (budget <= 0) break;
    const [tableName, keyColumn, urlColumn, placeholderColumn] = [table, key, url, column].map(
      (name) => sql.identifier(name),
    );
    const rows = rowsOf<{ id: string; key: string; url: string }>(
      await db.execute(sql`select id, ${keyColumn} as key, ${urlColumn} as url from ${tableName}
        where ${placeholderColumn} is null and ${keyColumn} is not null order by id limit ${budget}`),
    );
    for (const row of rows) {
      const placeholder = await placeholderOf(read, row.key, row.url);
      if (placeholder) {
        await db.execute(sql`update ${tableName} set ${placeholderColumn} = ${placeholder}
          where id = ${row.id} and ${keyColumn} = ${row.key} and ${placeholderColumn} is null`);
      }
      count(placeholder !== null);
    }
  }

  if (budget > 0) {
    const sections = rowsOf<{ id: string; images: SectionImage[] }>(
      // A damaged images value (not an array) is skipped, never an error for the whole fill.
      await db.execute(sql`select id, images from sections s
        where jsonb_typeof(s.images) = 'array' and exists (
          select 1 from jsonb_array_elements(s.images) image
          where image->>'key' is not null and not (image ? 'placeholder'))
        order by id limit ${budget}`),
    );
    for (const row of sections) {
      if (budget <= 0) break;
      const images: SectionImage[] = [];
      let changed = false;
      for (const image of row.images) {
        if (typeof image !== "object" || !image?.key || image.placeholder || budget <= 0) {
          images.push(image);
          continue;
        }
        const placeholder = await placeholderOf(read, image.key, image.url);
        count(placeholder !== null);
        if (placeholder) changed = true;
        images.push(placeholder ? { ...image, placeholder } : image);
      }
      if (changed) {
        await db.execute(sql`update sections set images = ${JSON.stringify(images)}::jsonb
          where id = ${row.id} and images = ${JSON.stringify(row.images)}::jsonb`);
      }
    }
  }
  if (budget > 0) {
    const [row] = rowsOf<{ value: Record<string, unknown> }>(
      await db.execute(sql`select value from site_settings where key = 'site'`),
    );
    const value = row?.value;
    if (value && typeof value === "object") {
      const next = { ...value };
      // The images of the site settings (one JSON value): the About portrait, the Reel poster.
      for (const image of SETTINGS_IMAGES) {
        const field = `${image}Placeholder`;
        const [keyValue, urlValue] = [value[`${image}Key`], value[`${image}Url`]];
        if (typeof keyValue !== "string" || !keyValue || typeof urlValue !== "string") continue;
        if (value[field] || budget <= 0) continue;
        const placeholder = await placeholderOf(read, keyValue, urlValue);
        count(placeholder !== null);
        if (placeholder) next[field] = placeholder;
      }
      if (Object.keys(next).some((field) => next[field] !== value[field])) {
        await db.execute(sql`update site_settings set value = ${JSON.stringify(next)}::jsonb
          where key = 'site' and value = ${JSON.stringify(value)}::jsonb`);
      }
    }
  }
  return result;
}

/** How long after start-up the fill begins: the first requests come first. */
const START_DELAY_MS = 5_000;

/**
 * Runs the fill after a start only while its job is pending (PLACEHOLDER_JOB: migration 0011
 * added it for images stored before placeholders, lib/api/media.ts re-adds it for a direct upload
 * sent without a preview), never on every start. Awaited by instrumentation.ts before the first
 * request only for one query, and to drop the job at once when no image lacks a placeholder (a
 * dry run: a reader that reads nothing). Otherwise the fill runs in the background, in rounds
 * until a round fills nothing more, logs what it did, expires the cached pages so they draw the
 * new placeholders, and then drops the job. A failure is logged; the next start tries again.
 */
export async function startPlaceholderFill(): Promise<void> {
  if (!env().PLACEHOLDER_FILL) return;
  await owedFill().catch((error: Error) =>
    console.error(`Blur-up placeholder fill failed: ${error.message}`),
  );
}

async function owedFill(): Promise<void> {
  const db = await getDb();
  const pending = await db.execute(sql`select 1 from pending_jobs where name = ${PLACEHOLDER_JOB}`);
  if (rowsOf(pending).length === 0) return;
  const done = () => db.execute(sql`delete from pending_jobs where name = ${PLACEHOLDER_JOB}`);
  if ((await fillPlaceholders(db, async () => null, 1)).failed === 0) {
    await done();
    return;
  }
  const fill = async () => {
    const total: FillResult = { filled: 0, failed: 0 };
    let round: FillResult;
    do {
      round = await fillPlaceholders(db, storageReader(env().DATA_DIR));
      total.filled += round.filled;
      total.failed = round.failed;
    } while (round.filled > 0 && round.filled + round.failed === FILL_LIMIT);
    console.info(
      `Blur-up placeholders: ${total.filled} made for stored images, ${total.failed} could not be read`,
    );
    if (total.filled > 0) {
      // Every project page may show one of them (the lists' tag and each page's), and About and
      // Reel the settings'.
      const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from projects`));
      await expireTagsFromBackground([
        TAGS.projects,
        TAGS.settings,
        ...ids.map((row) => TAGS.project(row.id)),
      ]);
    }
    await done();
  };
  setTimeout(() => {
    fill().catch((error: Error) =>
      console.error(`Blur-up placeholder fill failed: ${error.message}`),
    );
  }, START_DELAY_MS).unref();
}
