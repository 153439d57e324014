import { orderProjectsFromRequest } from "@/lib/api/order";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { orderMessages } from "@/lib/validation/messages";

/** JSON `{ "ids": [...] }`: every project id once, in the new list order (docs/api.md). */
export const PUT = ownerWrite(async (request) => {
  const ids = await orderProjectsFromRequest(request);
  return ok(orderMessages.projectsOrdered, { ids });
});

const refuse = methodNotAllowed("PUT");
export { refuse as GET, refuse as POST, refuse as PATCH, refuse as DELETE };
