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
//   real pages out of it and growing the server's memory; a miss is cheap to render again.
import { createHash } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ImageOptimizerCache } from "next/dist/server/image-optimizer.js";
import nextFileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;

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

// Other servers on the same PostgreSQL database expire their caches through these
// (docs/operations.md#several-servers-on-one-postgresql; lib/startup/instance-sync.ts receives their messages): Next.js's revalidateTag() only works
// inside a request, and what it does in the end is this handler's revalidateTag, which only
// marks the tags in Next.js's process-wide tags manifest. Reached through globalThis like
// `forget` above.
const PAGE_CACHE = Symbol.for("portfolio.pageCache");
globalThis[PAGE_CACHE] ??= {
  /** As a write's `revalidateTag(tag, { expire: 0 })` does on the server that made it. */
  expireTags: (tags) => FileSystemCache.prototype.revalidateTag.call(null, tags, { expire: 0 }),
  /** Every page and data entry kept in memory (messages may have been missed). */
  dropAll: () => {
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
      // Not kept; an earlier rendering of the same key (a project since deleted) goes too.
      FileSystemCache.memoryCache?.remove(key);
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
