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
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nextFileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;

export default class CacheHandler extends FileSystemCache {
  constructor(context) {
    super(context);
    // The image optimizer passes the server's output folder; page renderings, which never ask
    // for images, may not.
    this.imageDir = context.serverDistDir
      ? path.join(context.serverDistDir, "..", "cache", "optimized-images")
      : null;
  }

  imagePath(key) {
    return path.join(this.imageDir, createHash("sha256").update(key).digest("hex"));
  }

  async get(key, context) {
    if (context?.kind !== "IMAGE") return super.get(key, context);
    if (!this.imageDir) return null;
    let file;
    try {
      file = await fs.readFile(this.imagePath(key));
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
    if (data?.kind !== "IMAGE") return super.set(key, data, context);
    if (!this.imageDir) return;
    const { etag, upstreamEtag, extension, revalidate } = data;
    const meta = JSON.stringify({
      etag,
      upstreamEtag,
      extension,
      revalidate,
      lastModified: Date.now(),
    });
    const target = this.imagePath(key);
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
