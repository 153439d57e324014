import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MEDIA_TYPES } from "@/lib/validation/uploads";
import type { MediaSource, Storage, StoredMedia } from "./types";

/** Local keys are server-made: 32 hex characters and one of the accepted extensions, nothing else. */
const LOCAL_KEY = /^[0-9a-f]{32}\.(jpg|png|gif|mp4|mov|webm|mkv)$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
};

export function isLocalKey(key: string): boolean {
  return LOCAL_KEY.test(key);
}

/** The Content-Type of a local key, or null when the key is not one this adapter could have made. */
export function contentTypeOfKey(key: string): string | null {
  if (!isLocalKey(key)) return null;
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? null;
}

export function uploadsDir(dataDir: string): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "uploads");
}

/** Absolute path of a stored key, or null for anything that is not a valid local key. */
export function localPath(dataDir: string, key: string): string | null {
  return isLocalKey(key) ? path.join(/* turbopackIgnore: true */ uploadsDir(dataDir), key) : null;
}

/**
 * Where the frame strip of a stored video is cached (lib/uploads/frames.ts): DATA_DIR/frames, out
 * of the uploads (not backed up, never served as media), deleted with the video.
 */
export function framesCachePath(dataDir: string, key: string): string | null {
  return isLocalKey(key)
    ? path.join(/* turbopackIgnore: true */ dataDir, "frames", `${key}.jpg`)
    : null;
}

/** Files under DATA_DIR/uploads, served by app/media/[...key]. */
export function createLocalStorage(dataDir: string): Storage {
  const dir = uploadsDir(dataDir);
  return {
    async put(source: MediaSource): Promise<StoredMedia> {
      await fs.mkdir(dir, { recursive: true });
      const key = `${randomBytes(16).toString("hex")}.${MEDIA_TYPES[source.contentType]}`;
      const target = path.join(/* turbopackIgnore: true */ dir, key);
      // An upload's temporary file sits on the same disk (DATA_DIR/tmp): a hard link stores it
      // without copying a byte, and appears complete under its key at once. The caller still
      // removes the temporary name; the stored file lives on under its key.
      if ("path" in source && source.temporary && (await tryLink(source.path, target)))
        return stored(key, source);
      // Written under a dot-name first so a half-copied file is never served under its key.
      const partial = path.join(/* turbopackIgnore: true */ dir, `.${key}.part`);
      try {
        if ("buffer" in source) await fs.writeFile(partial, source.buffer, { flag: "wx" });
        else await fs.copyFile(source.path, partial, fs.constants.COPYFILE_EXCL);
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return stored(key, source);
    },
    async delete(key: string): Promise<void> {
      const file = localPath(dataDir, key);
      if (!file) return;
      await fs.rm(file, { force: true });
      await fs.rm(framesCachePath(dataDir, key)!, { force: true });
    },
  };
}

/** Where a locally stored file is served (app/media), and the URL pages and rows use for it. */
export function localMediaUrl(key: string): string {
  return `/media/${key}`;
}

function stored(key: string, source: MediaSource): StoredMedia {
  return {
    key,
    url: localMediaUrl(key),
    width: source.width ?? null,
    height: source.height ?? null,
  };
}

/** False when the two paths are on different file systems (or links are not supported there). */
async function tryLink(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EMLINK")
      return false;
    throw error;
  }
}
