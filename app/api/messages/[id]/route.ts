import { patchMessage, removeMessage } from "@/lib/api/messages";
import { ownerWrite, permanentOf } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { inboxTexts } from "@/lib/validation/inbox";

/** `{ read, folder }`: mark read or unread, move to inbox, spam or archive. Owner only. */
export const PATCH = ownerWrite<{ id: string }>(async (request, { id }) =>
  ok(inboxTexts.updated, await patchMessage(id, request)),
);

/** Moves the message to the Trash; `?permanent=true` deletes it for good. Owner only. */
export const DELETE = ownerWrite<{ id: string }>(async (request, { id }) =>
  ok(inboxTexts.deleted, await removeMessage(id, permanentOf(request))),
);

const refuse = methodNotAllowed("PATCH", "DELETE");
export { refuse as GET, refuse as POST, refuse as PUT };
