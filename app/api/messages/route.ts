import { listMessagesFor } from "@/lib/api/messages";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { inboxTexts } from "@/lib/validation/inbox";

/**
 * The owner's messages of one folder, newest first, a page at a time; `Link: <…>; rel="next"`
 * names the next page (docs/api.md "Messages"). Owner only.
 */
export const GET = ownerWrite(async (request) => {
  const { messages, next } = await listMessagesFor(request);
  const response = ok(inboxTexts.listed, messages);
  if (next) response.headers.set("Link", `<${next}>; rel="next"`);
  return response;
});

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
