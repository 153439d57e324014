import { sendRequest, type Outcome } from "./request";
import type { VideoStatus } from "@/lib/domain";

/** What `GET /api/sections/{id}/video` answers (docs/api.md "Video encoding"). */
export type VideoEncoding = {
  videoStatus: VideoStatus | null;
  videoError: string | null;
  progress: number;
  encoding: boolean;
};

export function fetchVideoEncoding(sectionId: string): Promise<Outcome<VideoEncoding>> {
  return sendRequest<VideoEncoding>(`/api/sections/${sectionId}/video`, { method: "GET" });
}

/** Queues a failed video's encoding again. */
export function retryVideoEncoding(sectionId: string): Promise<Outcome> {
  return sendRequest(`/api/sections/${sectionId}/video`, { method: "POST" });
}
