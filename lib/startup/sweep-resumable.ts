import "server-only";
import { env } from "@/lib/env";
import { sweepExpiredUploads } from "@/lib/uploads/resumable";

const SWEEP_EVERY_MS = 60 * 60 * 1000;
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Deletes resumable uploads left unattached for a day (docs/media.md#resumable-uploads), now and
 * every hour; a failure is logged and tried again at the next round. The timer is unref'd.
 */
export function scheduleResumableSweep(): void {
  if (timer) return;
  const sweep = () =>
    sweepExpiredUploads(env().DATA_DIR).then(
      (removed) => {
        if (removed.length > 0)
          console.log(`Deleted ${removed.length} resumable upload(s) left unattached for a day.`);
      },
      (error: unknown) =>
        console.error(`Resumable-upload sweep failed: ${(error as Error).message}`),
    );
  void sweep();
  timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
}
