import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings } from "@/lib/data/settings";
import { encodingProgress, REEL, retryVideoJob } from "@/lib/data/video-jobs";
import { messages } from "@/lib/validation/messages";

/**
 * The encoding of the uploaded showreel (docs/api.md "Video encoding"), for the owner: GET its
 * status with the running job's progress in percent; POST queues a failed one again. The same
 * answers as a section video's (app/api/sections/[id]/video); a showreel stored before it was
 * encoded, or on Cloudinary, reads as ready, and none as null.
 */
export const GET = ownerWrite(async () => {
  const settings = await getSiteSettings();
  const videoStatus = settings.showreelVideoUrl ? (settings.showreelVideoStatus ?? "ready") : null;
  return ok(messages.videoStatusFetched, {
    videoStatus,
    videoError: settings.showreelVideoError,
    ...(await encodingProgress(REEL, videoStatus)),
  });
});

export const POST = ownerWrite(async () => {
  if (!(await retryVideoJob(REEL))) throw new ApiError(409, messages.videoNotFailed);
  await invalidateSettings();
  return ok(messages.videoRetried, await getSiteSettings(), 202);
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
