import "server-only";
import { env } from "@/lib/env";
import { createLocalStorage } from "./local";
import type { Storage } from "./types";

export type { MediaKind, MediaSource, MediaType, Storage, StoredMedia } from "./types";

/**
 * The configured media storage: local disk under DATA_DIR/uploads (served at /media/<key>).
 *
 * - `put({ path | buffer, contentType, kind, width?, height? })` → `{ key, url, width, height }`
 * - `delete(key)` removes the file; unknown keys are ignored so clean-up can be retried.
 */
export function getStorage(): Storage {
  return createLocalStorage(env().DATA_DIR);
}

/** Deletes stored files after a database commit; a failure is logged, never thrown, since the row change already happened. */
export async function deleteMediaQuietly(
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const storage = getStorage();
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) =>
        storage.delete(key).catch((error: unknown) => {
          console.error(`Could not delete media ${key}:`, (error as Error).message);
        }),
      ),
  );
}
