import "server-only";
import { runEvery } from "@/lib/background";
import { env } from "@/lib/env";
import { sweepExpiredUploads } from "@/lib/uploads/resumable";

/** Deletes resumable uploads left unattached for a day (docs/media.md#resumable-uploads), now and every hour. */
export function scheduleResumableSweep(): void {
  runEvery(
    "Resumable-upload sweep",
    60 * 60 * 1000,
    async () => {
      const removed = await sweepExpiredUploads(env().DATA_DIR);
      if (removed.length > 0)
        console.log(`Deleted ${removed.length} resumable upload(s) left unattached for a day.`);
    },
    { now: true },
  );
}
