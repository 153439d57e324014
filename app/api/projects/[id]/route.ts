import { removeProject, updateProjectFromRequest } from "@/lib/api/projects";
import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { requireVisibleProject } from "@/lib/api/viewer";
import { getProject } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";
import { parsePermanent } from "@/lib/validation/version";

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
export async function PUT(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const project = await updateProjectFromRequest(id, request);
    return ok(messages.projectUpdated, toProjectJson(project, { owner: true }));
  });
}

/** Moves the project to the trash; `?permanent=true` deletes it and its media for good. */
export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const permanent = parsePermanent(new URL(request.url).searchParams.get("permanent"));
    if (!permanent.ok) throw new ApiError(400, permanent.message);
    const project = await removeProject(id, permanent.value);
    return ok(messages.projectDeleted, toProjectJson(project, { owner: true }));
  });
}

const refuse = methodNotAllowed("GET", "PUT", "DELETE");
export { refuse as POST, refuse as PATCH };
