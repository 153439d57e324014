// Next.js's cache, as configured in next.config.ts (`cacheHandler`, `images.customCacheHandler`).
// Plain JavaScript: the server loads this file itself at run time, it is not bundled.
//
// Pages and data stay exactly as Next.js keeps them (its own handler, in memory only:
// `experimental.isrFlushToDisk: false`, since a rendering written under .next would outlive the
// data it came from). Optimized images are the exception: Next.js's disk cache for them is switched
// off by that same flag, so without this every image request was encoded again by sharp (150–400 ms
// of CPU for an AVIF, on every visit). They are kept on disk here instead. An image variant can
// never be stale for its URL: media keys are never reused (a replaced file gets a new key), and the
// entry keeps the source's ETag, which Next.js checks when it revalidates.
//
// Two things are never kept:
// - A deleted image's optimized copies. Deleting media calls `forget` below (through
//   lib/storage/optimized-images.ts) with its URL: every variant the optimizer can make of it
//   (each allowed width, quality and format) is removed from disk and refused from then on, so
//   `/_next/image?url=/media/<key>` answers 404 like the file itself.
// - Misses: a page rendered as a 404 (an unknown project id) and a data-cache read that found
//   nothing (null). Requests for made-up ids would otherwise fill the in-memory cache, pushing the
//   real pages out of it and growing the server's memory.
//
// A project page a visitor cannot open (an unknown id, a draft, a trashed project) is the same 404
// page whatever the id. Rendered for every request, made-up ids cost a full rendering each (about a
// tenth of a cached page's requests a second), so a flood of them was a cheap way to load the
// server. One such 404 page is kept instead and served for every id that is not one of the pages
// a visitor can open (their ids are read from the database through the function
// lib/startup/project-pages.ts registers). It is the rendering of a placeholder id's page, where
// next.config.ts sends every URL without a page of its own, or of two other ids that give the same
// page once each id is replaced by the placeholder. Both are forgotten whenever a cache tag expires
// (any write) and read again when next needed.
import { createHash } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ImageOptimizerCache } from "next/dist/server/image-optimizer.js";
import nextFileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import sharedCacheControls from "next/dist/server/lib/incremental-cache/shared-cache-controls.external.js";

const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;
const { SharedCacheControls } = sharedCacheControls;

// Shared through globalThis: Next.js may load this module more than once (pages, images), and the
// site's code reaches `forget` without importing it.
const STATE = Symbol.for("portfolio.optimizedImages");
const state = (globalThis[STATE] ??= {
  forgotten: new Set(),
  imageDir: path.join(
    /* turbopackIgnore: true */ process.cwd(),
    ".next",
    "cache",
    "optimized-images",
  ),
  forget: null,
});

const imagePath = (key) =>
  path.join(
    /* turbopackIgnore: true */ state.imageDir,
    createHash("sha256").update(key).digest("hex"),
  );

let variants;
/** Every width, quality and format the optimizer accepts (next.config.ts, as built). */
function imageVariants() {
  if (variants) return variants;
  const distDir = path.join(state.imageDir, "..", "..");
  const { config } = JSON.parse(
    fsSync.readFileSync(
      /* turbopackIgnore: true */
      path.join(/* turbopackIgnore: true */ distDir, "required-server-files.json"),
      "utf8",
    ),
  );
  const { deviceSizes, imageSizes, qualities, formats } = config.images;
  variants = {
    widths: [...deviceSizes, ...imageSizes],
    qualities: qualities ?? [75],
    // "" is the source's own format, for a browser that accepts none of the configured ones.
    mimeTypes: [...formats, ""],
  };
  return variants;
}

/** Removes and refuses every optimized copy of these image URLs (as the pages write them). */
state.forget = async (hrefs) => {
  const { widths, qualities, mimeTypes } = imageVariants();
  const keys = hrefs.flatMap((href) =>
    widths.flatMap((width) =>
      qualities.flatMap((quality) =>
        mimeTypes.map((mimeType) =>
          ImageOptimizerCache.getCacheKey({ href, width, quality, mimeType }),
        ),
      ),
    ),
  );
  // First refused, then removed: an optimization under way when the file was deleted cannot
  // write its copy back. Media keys are never reused, so the list only grows with deletions.
  for (const key of keys) state.forgotten.add(key);
  await Promise.all(keys.map((key) => fs.rm(imagePath(key), { force: true })));
};

// The kept 404 page of project pages (see the top of this file).
const PROJECT_PAGE_IDS = Symbol.for("portfolio.projectPageIds");
/** A cached project page's key ends with its path (Next.js's route-cache keys). */
const PROJECT_PAGE_KEY = /\/\$\/sections\/([^/]+)$/;
/** Ids a 404 page is kept from: what can be replaced without any escaping in HTML or JSON. */
const PLAIN_ID = /^[\w-]{8,64}$/;
/**
 * Stands for the id in the kept page: the shape of an id, and never a project's (newId()). Every URL
 * without a page of its own is rewritten to this id's page (NOT_FOUND_PATH, lib/site/routing-rules.ts).
 */
const PLACEHOLDER_ID = "0".repeat(24);
const pages = (state.projectPages ??= {
  /** Counts expiries, so ids read across one are not kept. */
  generation: 0,
  /** Ids of the pages a visitor can open, or null until read. */
  openIds: null,
  reading: null,
  /** The kept 404 page ({ value, generation }), and the last rendering not yet confirmed. */
  notFound: null,
  candidate: null,
});

/** Drops what was learnt from the database and the pages: a write may have changed either. */
function forgetProjectPages() {
  pages.generation++;
  pages.openIds = null;
  pages.reading = null;
  pages.notFound = null;
  pages.candidate = null;
}

/** The ids of the project pages a visitor can open; null when the site registered no reader. */
function openProjectIds() {
  if (pages.openIds) return pages.openIds;
  const read = globalThis[PROJECT_PAGE_IDS];
  if (!read) return null;
  if (!pages.reading) {
    const generation = pages.generation;
    const reading = read().then((ids) => {
      const open = new Set(ids);
      if (pages.generation === generation) pages.openIds = open;
      return open;
    });
    pages.reading = reading;
    // A failed read is not kept: the next request asks again.
    reading.catch(() => {
      if (pages.reading === reading) pages.reading = null;
    });
  }
  return pages.reading;
}

/** The cache entry of a project page that is the kept 404 page, or null to look it up as usual. */
async function projectNotFoundPage(key) {
  const id = PROJECT_PAGE_KEY.exec(key)?.[1];
  const kept = pages.notFound;
  if (!id || !kept) return null;
  let open;
  try {
    open = await openProjectIds();
  } catch {
    return null;
  }
  if (!open || open.has(id) || pages.notFound !== kept) return null;
  // Dated now: without a stored lifetime Next.js counts an entry stale a second after its date.
  return { lastModified: Date.now(), value: kept.value };
}

/** A page value with every `from` replaced by `to`; null when its payload is not plain text. */
function replaceId(value, from, to) {
  const text = (string) => string.replaceAll(from, to);
  const bytes = (buffer) => {
    if (!buffer) return buffer;
    const string = buffer.toString("utf8");
    return Buffer.from(string, "utf8").equals(buffer) ? Buffer.from(text(string), "utf8") : null;
  };
  const rscData = bytes(value.rscData);
  const segments = [...(value.segmentData ?? [])].map(([path, data]) => [text(path), bytes(data)]);
  if (rscData === null || segments.some(([, data]) => data === null)) return null;
  return {
    ...value,
    html: text(value.html),
    rscData,
    headers: Object.fromEntries(
      Object.entries(value.headers ?? {}).map(([name, header]) => [
        name,
        typeof header === "string" ? text(header) : header,
      ]),
    ),
    segmentData: value.segmentData ? new Map(segments) : value.segmentData,
  };
}

function samePage(a, b) {
  const segments = (value) => [...(value.segmentData ?? [])];
  return (
    a.html === b.html &&
    Boolean(a.rscData) === Boolean(b.rscData) &&
    (!a.rscData || a.rscData.equals(b.rscData)) &&
    JSON.stringify(a.headers) === JSON.stringify(b.headers) &&
    JSON.stringify(segments(a).map(([path]) => path)) ===
      JSON.stringify(segments(b).map(([path]) => path)) &&
    segments(a).every(([, data], i) => data.equals(segments(b)[i][1]))
  );
}

/**
 * Keeps a project page's 404 rendering, its id replaced by the placeholder, once two renderings
 * for different ids agree: then the id appeared only where the page puts it (an id that is also
 * part of something else on the page, a file name say, would not give the same page twice).
 */
function keepProjectNotFound(key, value) {
  const id = PROJECT_PAGE_KEY.exec(key)?.[1];
  if (!id || !PLAIN_ID.test(id) || pages.notFound || value?.kind !== "APP_PAGE") return;
  // The placeholder's own page (any unknown URL) is already what is kept.
  if (id === PLACEHOLDER_ID) {
    pages.notFound = { value };
    pages.candidate = null;
    return;
  }
  if (value.html.includes(PLACEHOLDER_ID) || value.rscData?.includes(PLACEHOLDER_ID)) return;
  const neutral = replaceId(value, id, PLACEHOLDER_ID);
  if (!neutral) return;
  const { candidate, generation } = pages;
  if (
    candidate &&
    candidate.id !== id &&
    candidate.generation === generation &&
    samePage(candidate.value, neutral)
  ) {
    pages.notFound = { value: neutral };
    pages.candidate = null;
  } else {
    pages.candidate = { id, value: neutral, generation };
  }
}

// Other servers on the same PostgreSQL database expire their caches through these
// (docs/operations.md#several-servers-on-one-postgresql; lib/startup/instance-sync.ts receives their messages): Next.js's revalidateTag() only works
// inside a request, and what it does in the end is this handler's revalidateTag, which only
// marks the tags in Next.js's process-wide tags manifest. Reached through globalThis like
// `forget` above.
const PAGE_CACHE = Symbol.for("portfolio.pageCache");
globalThis[PAGE_CACHE] ??= {
  /** As a write's `revalidateTag(tag, { expire: 0 })` does on the server that made it. */
  expireTags: (tags) => {
    forgetProjectPages();
    return FileSystemCache.prototype.revalidateTag.call(null, tags, { expire: 0 });
  },
  /** Every page and data entry kept in memory (messages may have been missed). */
  dropAll: () => {
    forgetProjectPages();
    const memory = FileSystemCache.memoryCache;
    // Next.js's LRU cache has no clear(); its entries are the keys of its `cache` map.
    for (const key of [...(memory?.cache?.keys() ?? [])]) memory.remove(key);
  },
};

/** A 404 page or a data-cache read of nothing. */
function isMiss(data) {
  if (data?.kind === "APP_PAGE" || data?.kind === "PAGES") return data.status === 404;
  if (data?.kind === "FETCH") return data.data?.body === "null";
  return false;
}

export default class CacheHandler extends FileSystemCache {
  async revalidateTag(tags, durations) {
    forgetProjectPages();
    return super.revalidateTag(tags, durations);
  }

  constructor(context) {
    super(context);
    // The image optimizer passes the server's output folder; page renderings, which never ask
    // for images, may not.
    this.imageDir = context.serverDistDir
      ? path.join(context.serverDistDir, "..", "cache", "optimized-images")
      : null;
    if (this.imageDir) state.imageDir = this.imageDir;
  }

  async get(key, context) {
    if (context?.kind === "APP_PAGE") {
      const notFound = await projectNotFoundPage(key);
      if (notFound) return notFound;
    }
    if (context?.kind !== "IMAGE") return super.get(key, context);
    if (!this.imageDir || state.forgotten.has(key)) return null;
    let file;
    try {
      file = await fs.readFile(/* turbopackIgnore: true */ imagePath(key));
    } catch {
      return null;
    }
    // One line of JSON (what Next.js needs besides the bytes), then the image itself.
    const newline = file.indexOf(0x0a);
    if (newline < 0) return null;
    try {
      const { lastModified, ...meta } = JSON.parse(file.subarray(0, newline).toString("utf8"));
      return {
        lastModified,
        value: { kind: "IMAGE", ...meta, buffer: file.subarray(newline + 1) },
      };
    } catch {
      return null;
    }
  }

  async set(key, data, context) {
    if (isMiss(data)) {
      // Not kept; an earlier rendering of the same key (a project since deleted) goes too, and
      // the lifetime Next.js recorded for the key just before (a map that otherwise keeps one
      // entry for every URL ever answered 404).
      FileSystemCache.memoryCache?.remove(key);
      SharedCacheControls.cacheControls.delete(key);
      keepProjectNotFound(key, data);
      return;
    }
    if (data?.kind !== "IMAGE") return super.set(key, data, context);
    if (!this.imageDir || state.forgotten.has(key)) return;
    const { etag, upstreamEtag, extension, revalidate } = data;
    const meta = JSON.stringify({
      etag,
      upstreamEtag,
      extension,
      revalidate,
      lastModified: Date.now(),
    });
    const target = imagePath(key);
    const partial = `${target}.${process.pid}.part`;
    try {
      await fs.mkdir(this.imageDir, { recursive: true });
      await fs.writeFile(partial, Buffer.concat([Buffer.from(`${meta}\n`), data.buffer]));
      // Readers see the whole entry or none of it.
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      console.error(`Could not keep an optimized image: ${error.message}`);
    }
  }
}
