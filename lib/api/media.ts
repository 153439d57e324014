import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { deleteMediaQuietly, getStorage, type StoredMedia } from "@/lib/storage";
import type { UploadedFile } from "@/lib/uploads/parse";

/** Where uploads stream to before they are stored: inside DATA_DIR, removed after each request. */
export function uploadTmpDir(): string {
  return path.join(env().DATA_DIR, "tmp");
}

/** Stores checked uploads in order; if one fails, the ones already stored are deleted again. */
export async function storeUploads(files: readonly UploadedFile[]): Promise<StoredMedia[]> {
  const storage = getStorage();
  const stored: StoredMedia[] = [];
  try {
    for (const file of files) {
      const media = await storage.put({
        path: file.path,
        // parseMultipart's files are removed by the caller's cleanup() once stored.
        temporary: true,
        contentType: file.contentType,
        kind: file.kind,
        width: file.width,
        height: file.height,
      });
      stored.push({ ...media, placeholder: file.placeholder });
    }
    return stored;
  } catch (error) {
    await deleteMediaQuietly(stored.map((media) => media.key));
    throw error;
  }
}

/**
 * Runs the database write that references newly stored media. When it throws or finds nothing to
 * write to (null), the new files are deleted, so a failed request leaves neither row nor file.
 */
export async function commitWithMedia<T>(
  stored: readonly StoredMedia[],
  write: () => Promise<T | null>,
): Promise<T | null> {
  let result: T | null;
  try {
    result = await write();
  } catch (error) {
    await deleteMediaQuietly(stored.map((media) => media.key));
    throw error;
  }
  if (result === null) await deleteMediaQuietly(stored.map((media) => media.key));
  return result;
}
