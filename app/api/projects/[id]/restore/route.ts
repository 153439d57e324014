import { restoreProjectById } from "@/lib/api/projects";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

/** Takes a trashed project out of the trash (docs/spec.md §10); 404 when it is not in the trash. */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const project = await restoreProjectById(id);
    return ok(messages.projectRestored, toProjectJson(project, { owner: true }));
  });
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
