import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, methodNotAllowed } from "@/lib/api/respond";
import { getSection } from "@/lib/data/sections";
import { env } from "@/lib/env";
import { framesCachePath, localPath } from "@/lib/storage/local";
import { framesResponse } from "@/lib/uploads/frames";
import { messages } from "@/lib/validation/messages";
import { frameMessages } from "@/lib/validation/video-timing";

/**
 * The frames of a section's stored video (docs/api.md "Video frames"): read from the file the
 * encoder works from (the kept master, or with KEEP_MASTERS=false the largest rendition). Owner only.
 */
export const GET = ownerWrite<{ id: string }>(async (request, { id }) => {
  const section = await getSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  const { DATA_DIR } = env();
  const key = section.videoKey ?? "";
  const file = localPath(DATA_DIR, key);
  if (!file || section.videoEmbed) throw new ApiError(404, frameMessages.noVideo);
  return framesResponse(request, file, framesCachePath(DATA_DIR, key)!);
});

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
