import { listMessagesFor } from "@/lib/api/messages";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { inboxTexts } from "@/lib/validation/inbox";

/** The owner's messages of one folder, newest first (docs/api.md "Messages"). Owner only. */
export const GET = ownerWrite(async (request) =>
  ok(inboxTexts.listed, await listMessagesFor(request)),
);

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
