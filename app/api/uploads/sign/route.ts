import { JsonBodyError, readJsonObject } from "@/lib/http/json-body";
import { ownerWrite } from "@/lib/api/owner-write";
import { fail, methodNotAllowed, ok } from "@/lib/api/respond";
import { directUploadConfig, signDirectUpload } from "@/lib/uploads/direct";
import { checkSignRequest, directUploadMessages } from "@/lib/validation/direct-uploads";
import { messages } from "@/lib/validation/messages";

const MAX_JSON_BYTES = 4 * 1024;

/**
 * JSON `{ kind, size, type, name? }` → a short-lived signature for one upload straight to
 * Cloudinary (docs/api.md#direct-uploads). Owner only (Origin-checked for
 * cookie sessions like every write); refused by the multipart rules and messages (413/415/400);
 * 404 without CLOUDINARY_URL.
 */
export const POST = ownerWrite(async (request) => {
  const config = directUploadConfig();
  if (!config) return fail(404, directUploadMessages.notAvailable);
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request, MAX_JSON_BYTES);
  } catch (error) {
    if (!(error instanceof JsonBodyError)) throw error;
    if (error.problem === "too_large") return fail(413, "Request body too large");
    return fail(400, messages.invalidForm);
  }
  const checked = checkSignRequest(body);
  if (!checked.ok) return fail(checked.status, checked.message);
  return ok(directUploadMessages.signed, signDirectUpload(config, checked.value));
});

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as PATCH, refuse as DELETE };
