import { sendRequest, type Outcome } from "./request";
import type { VideoStatus } from "@/lib/domain";

/** Whose encoding: a section's video, or a project's cover loop (docs/api.md "Cover loops"). */
export type EncodingOwner = { sectionId: string } | { projectId: string };

const statusPath = (owner: EncodingOwner) =>
  "projectId" in owner
    ? `/api/projects/${owner.projectId}/cover-video`
    : `/api/sections/${owner.sectionId}/video`;

/** What `GET /api/sections/{id}/video` answers (docs/api.md "Video encoding"). */
export type VideoEncoding = {
  videoStatus: VideoStatus | null;
  videoError: string | null;
  progress: number;
  encoding: boolean;
};

export function fetchVideoEncoding(owner: EncodingOwner): Promise<Outcome<VideoEncoding>> {
  return sendRequest<VideoEncoding>(statusPath(owner), { method: "GET" });
}

/** Queues a failed video's encoding again. */
export function retryVideoEncoding(owner: EncodingOwner): Promise<Outcome> {
  return sendRequest(statusPath(owner), { method: "POST" });
}
