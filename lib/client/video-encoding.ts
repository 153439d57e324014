import { sendRequest, type Outcome } from "./request";
import type { VideoStatus } from "@/lib/domain";

/**
 * Whose encoding: a section's video, a project's cover loop (docs/api.md "Cover loops"), or the
 * uploaded showreel.
 */
export type EncodingOwner = { sectionId: string } | { projectId: string } | { reel: true };

/** The owner's encoding endpoint: GET its status, POST a retry. */
export const encodingPath = (owner: EncodingOwner) =>
  "projectId" in owner
    ? `/api/projects/${owner.projectId}/cover-video`
    : "sectionId" in owner
      ? `/api/sections/${owner.sectionId}/video`
      : "/api/settings/showreel-video";

/** What `GET /api/sections/{id}/video` answers (docs/api.md "Video encoding"). */
export type VideoEncoding = {
  videoStatus: VideoStatus | null;
  videoError: string | null;
  progress: number;
  encoding: boolean;
};

/** The encoding at `path` (encodingPath). */
export function fetchVideoEncoding(path: string): Promise<Outcome<VideoEncoding>> {
  return sendRequest<VideoEncoding>(path, { method: "GET" });
}

/** Queues a failed video's encoding at `path` (encodingPath) again. */
export function retryVideoEncoding(path: string): Promise<Outcome> {
  return sendRequest(path, { method: "POST" });
}
