import "server-only";
import { env } from "@/lib/env";
import { createCloudinaryStorage, isCloudinaryKey, parseCloudinaryUrl } from "./cloudinary";
import { createLocalStorage, localMediaUrl } from "./local";
import { forgetOptimizedImages } from "./optimized-images";
import type { Storage } from "./types";

export type { MediaKind, MediaSource, MediaType, Storage, StoredMedia } from "./types";

/**
 * The configured media storage: Cloudinary when CLOUDINARY_URL is set, else local disk under
 * DATA_DIR/uploads (served at /media/<key>).
 *
 * - `put({ path | buffer, contentType, kind, width?, height? })` → `{ key, url, width, height }`
 * - `delete(key)` removes a file by its key, whichever adapter stored it (a site moved to
 *   Cloudinary still holds local keys); unknown keys are ignored so clean-up can be retried.
 */
export function getStorage(): Storage {
  const config = env();
  const local = createLocalStorage(config.DATA_DIR);
  const cloud = config.CLOUDINARY_URL
    ? createCloudinaryStorage(parseCloudinaryUrl(config.CLOUDINARY_URL, config.CLOUDINARY_FOLDER))
    : null;
  return {
    put: (source) => (cloud ?? local).put(source),
    delete: async (key) => {
      if (!isCloudinaryKey(key)) return local.delete(key);
      if (!cloud) throw new Error(`Cannot delete ${key}: CLOUDINARY_URL is not set`);
      return cloud.delete(key);
    },
  };
}

/**
 * Deletes stored files after a database commit, and the image optimizer's cached copies of local
 * ones; a failure is logged, never thrown, since the row change already happened.
 */
export async function deleteMediaQuietly(
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const storage = getStorage();
  // A Cloudinary video's renditions carry its own key: one delete for it.
  const present = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  await Promise.all([
    ...present.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        console.error(`Could not delete media ${key}:`, (error as Error).message);
      }),
    ),
    forgetOptimizedImages(
      present.filter((key) => !isCloudinaryKey(key)).map((key) => localMediaUrl(key)),
    ).catch((error: unknown) => {
      console.error("Could not remove optimized copies of deleted media:", error);
    }),
  ]);
}

/**
 * Removes the image optimizer's cached copies of local media that stay stored but must no longer
 * be shown (a trashed item's, docs/spec.md §10); logged, never thrown.
 */
export async function forgetMediaQuietly(
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const local = keys.filter((key): key is string => Boolean(key) && !isCloudinaryKey(key!));
  await forgetOptimizedImages(local.map((key) => localMediaUrl(key))).catch((error: unknown) => {
    console.error("Could not remove optimized copies of trashed media:", error);
  });
}
