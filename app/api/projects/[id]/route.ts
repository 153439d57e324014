import { removeProject, updateProjectFromRequest } from "@/lib/api/projects";
import { ownerWrite, permanentOf } from "@/lib/api/owner-write";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireVisibleProject } from "@/lib/api/viewer";
import { getProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { project, viewer } = await requireVisibleProject(
      await getProject((await params).id),
      request,
    );
    return ok(messages.projectFetched, toProjectJson(project, viewer));
  });
}

/** Multipart (title, role, category, optional cover file) or JSON with an optional cover URL. */
export const PUT = ownerWrite<{ id: string }>(async (request, { id }) => {
  const project = await updateProjectFromRequest(id, request);
  return ok(messages.projectUpdated, toProjectJson(project, { owner: true }));
});

/** Moves the project to the trash; `?permanent=true` deletes it and its media for good. */
export const DELETE = ownerWrite<{ id: string }>(async (request, { id }) => {
  const project = await removeProject(id, permanentOf(request));
  return ok(messages.projectDeleted, toProjectJson(project, { owner: true }));
});

const refuse = methodNotAllowed("GET", "PUT", "DELETE");
export { refuse as POST, refuse as PATCH };
