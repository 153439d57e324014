import "server-only";
import { purgeTrashedBefore } from "@/lib/data/trash";
import { purgeContactMessagesBefore } from "@/lib/data/contact-messages";
import { deleteMediaQuietly } from "@/lib/storage";
import { TRASH_RETENTION_DAYS } from "@/lib/validation/limits";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PurgeResult = {
  projects: string[];
  sections: string[];
  mediaKeys: string[];
  /** Contact messages trashed, or received as spam, over TRASH_RETENTION_DAYS ago. */
  messages: number;
};

/**
 * Deletes for good what has been in the trash for TRASH_RETENTION_DAYS (docs/spec.md §10), then
 * its media files (after the commit, as every delete does). `now` is injectable for tests. Runs at
 * start-up, every few hours while the server runs, and before the owner's Trash is read.
 */
export async function purgeExpiredTrash(now: Date = new Date()): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  const purged = await purgeTrashedBefore(cutoff);
  await deleteMediaQuietly(purged.mediaKeys);
  return { ...purged, messages: await purgeContactMessagesBefore(cutoff) };
}
