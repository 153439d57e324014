import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed } from "@/lib/api/respond";
import { framesResponse } from "@/lib/uploads/frames";
import { finishedUpload } from "@/lib/uploads/resumable";

/**
 * The frames of a finished resumable upload (docs/api.md "Video frames"), for the owner's poster
 * and trim picker: a strip of thumbnails, or with `?t=` the frame at that time. Owner only.
 */
export const GET = ownerWrite<{ id: string }>(async (request, { id }) => {
  const { file, frames } = await finishedUpload(id);
  return framesResponse(request, file, frames);
});

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
