import "server-only";
import { encodingProgress, retryVideoJob, type VideoOwner } from "@/lib/data/video-jobs";
import { messages } from "@/lib/validation/messages";
import { ownerWrite } from "./owner-write";
import { ApiError, ok } from "./respond";

/** A video's holder as its encoding route reads it: the video's status and error, and its record. */
type Holder = { videoStatus: string | null; videoError: string | null; json: unknown };

/**
 * The GET and POST of a video's encoding route (docs/api.md "Video encoding"), for the owner: GET
 * answers the video's status with the running job's progress in percent; POST queues a failed one
 * again and answers the holder's record (a section, a project, the settings). The same answers for
 * a section's video, a cover loop and the showreel.
 */
export function videoEncodingRoute<Params extends Record<string, string>>(video: {
  owner: (params: Params) => VideoOwner;
  /** The holder of the video; an ApiError (404) when there is none. */
  read: (params: Params) => Promise<Holder>;
  /** Makes the pages that show the video read it afresh. */
  invalidate: (params: Params) => Promise<unknown>;
}) {
  return {
    GET: ownerWrite<Params>(async (_request, params) => {
      const { videoStatus, videoError } = await video.read(params);
      const progress = await encodingProgress(video.owner(params), videoStatus);
      return ok(messages.videoStatusFetched, { videoStatus, videoError, ...progress });
    }),
    POST: ownerWrite<Params>(async (_request, params) => {
      const before = await video.read(params);
      if (!(await retryVideoJob(video.owner(params))))
        throw new ApiError(409, messages.videoNotFailed);
      await video.invalidate(params);
      // Deleted since: the retry happened, so it answers the holder as it was read.
      const after = await video.read(params).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return before;
        throw error;
      });
      return ok(messages.videoRetried, after.json, 202);
    }),
  };
}
