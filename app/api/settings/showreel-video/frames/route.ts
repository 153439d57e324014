import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, methodNotAllowed } from "@/lib/api/respond";
import { getSiteSettings } from "@/lib/data/settings";
import { env } from "@/lib/env";
import { framesCachePath, localPath } from "@/lib/storage/local";
import { framesResponse } from "@/lib/uploads/frames";
import { frameMessages } from "@/lib/validation/video-timing";

/**
 * The frames of the uploaded showreel stored on this site (docs/api.md "Video frames"), to pick its
 * poster from: read from its stored file, as a section video's. Owner only.
 */
export const GET = ownerWrite(async (request) => {
  const key = (await getSiteSettings()).showreelVideoKey ?? "";
  const { DATA_DIR } = env();
  const file = localPath(DATA_DIR, key);
  if (!file) throw new ApiError(404, frameMessages.noReelVideo);
  return framesResponse(request, file, framesCachePath(DATA_DIR, key)!);
});

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
