import { restoreMessage } from "@/lib/api/messages";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { inboxTexts } from "@/lib/validation/inbox";

/** Takes a message out of the Trash, back to its folder; 404 when it is not in the Trash. */
export const POST = ownerWrite<{ id: string }>(async (_request, { id }) =>
  ok(inboxTexts.restored, await restoreMessage(id)),
);

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
