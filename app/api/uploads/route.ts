import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed } from "@/lib/api/respond";
import { resumableServer } from "@/lib/uploads/resumable";

/**
 * tus creation (docs/api.md#resumable-uploads): `Upload-Length` and `Upload-Metadata` (`filename`,
 * `filetype`, `kind` = video | cover-loop) → 201 with `Location: /api/uploads/{id}`. Owner only,
 * checked before anything of the request is read.
 */
export const POST = ownerWrite(async (request) => resumableServer().handleWeb(request));

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as PATCH, refuse as DELETE };
