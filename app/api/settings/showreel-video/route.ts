import { videoEncodingRoute } from "@/lib/api/video-encoding";
import { methodNotAllowed } from "@/lib/api/respond";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings } from "@/lib/data/settings";
import { REEL } from "@/lib/data/video-jobs";

/**
 * The encoding of the uploaded showreel (docs/api.md "Video encoding"), for the owner: GET its
 * status with the running job's progress in percent; POST queues a failed one again. The same
 * answers as a section video's (app/api/sections/[id]/video); a showreel stored before it was
 * encoded, or on Cloudinary, reads as ready, and none as null.
 */
export const { GET, POST } = videoEncodingRoute({
  owner: () => REEL,
  read: async () => {
    const settings = await getSiteSettings();
    const { showreelVideoUrl, showreelVideoStatus, showreelVideoError } = settings;
    const videoStatus = showreelVideoUrl ? (showreelVideoStatus ?? "ready") : null;
    return { videoStatus, videoError: showreelVideoError, json: settings };
  },
  invalidate: () => invalidateSettings(),
});

const refuse = methodNotAllowed("GET, POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
