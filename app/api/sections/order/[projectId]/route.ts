import { orderSectionsFromRequest } from "@/lib/api/order";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { orderMessages } from "@/lib/validation/messages";

type Context = { params: Promise<{ projectId: string }> };

/** JSON `{ "ids": [...] }`: every section id of the project once, in the new order (docs/api.md). */
export async function PUT(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { projectId } = await params;
    await requireOwner(request);
    const ids = await orderSectionsFromRequest(projectId, request);
    return ok(orderMessages.sectionsOrdered, { ids });
  });
}

const refuse = methodNotAllowed("PUT");
export { refuse as GET, refuse as POST, refuse as PATCH, refuse as DELETE };
