import { orderProjectsFromRequest } from "@/lib/api/order";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { orderMessages } from "@/lib/validation/messages";

/** JSON `{ "ids": [...] }`: every project id once, in the new list order (issue 17, docs/api.md). */
export async function PUT(request: Request): Promise<Response> {
  return answer(async () => {
    await requireOwner(request);
    const ids = await orderProjectsFromRequest(request);
    return ok(orderMessages.projectsOrdered, { ids });
  });
}

const refuse = methodNotAllowed("PUT");
export { refuse as GET, refuse as POST, refuse as PATCH, refuse as DELETE };
