import { orderSectionsFromRequest } from "@/lib/api/order";
import { ownerWrite } from "@/lib/api/owner-write";
import { methodNotAllowed, ok } from "@/lib/api/respond";
import { orderMessages } from "@/lib/validation/messages";

/** JSON `{ "ids": [...] }`: every section id of the project once, in the new order (docs/api.md). */
export const PUT = ownerWrite<{ projectId: string }>(async (request, { projectId }) => {
  const ids = await orderSectionsFromRequest(projectId, request);
  return ok(orderMessages.sectionsOrdered, { ids });
});

const refuse = methodNotAllowed("PUT");
export { refuse as GET, refuse as POST, refuse as PATCH, refuse as DELETE };
