import { ownerWrite } from "@/lib/api/owner-write";
import { fail, methodNotAllowed } from "@/lib/api/respond";
import { isUploadId, removeUploadFrames, resumableServer } from "@/lib/uploads/resumable";
import { resumableMessages } from "@/lib/validation/resumable-uploads";

/**
 * One resumable upload (docs/api.md#resumable-uploads): `HEAD` its offset, `PATCH` the next bytes
 * at `Upload-Offset`, `DELETE` to cancel (nothing of it is kept). Owner only.
 */
const handle = ownerWrite<{ id: string }>(async (request, { id }) => {
  if (!isUploadId(id)) return fail(404, resumableMessages.unknown(id.slice(0, 64)));
  const response = await resumableServer().handleWeb(request);
  // A cancelled upload's frame strip goes with its bytes.
  if (request.method === "DELETE" && response.ok) await removeUploadFrames(id);
  return response;
});

export { handle as HEAD, handle as PATCH, handle as DELETE };

const refuse = methodNotAllowed("HEAD", "PATCH", "DELETE");
export { refuse as GET, refuse as POST, refuse as PUT };
