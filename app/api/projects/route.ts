import { createProjectFromRequest } from "@/lib/api/projects";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireOwner } from "@/lib/auth";
import { audienceOf, viewerOf } from "@/lib/api/viewer";
import { listProjects } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    // A visitor's list holds the published projects only (docs/spec.md §11).
    const viewer = await viewerOf(request);
    const projects = await listProjects(audienceOf(viewer));
    return ok(
      messages.projectsFetched,
      projects.map((project) => toProjectJson(project, viewer)),
    );
  });
}

/** Multipart (title, role, category, cover file) or JSON with a cover URL. */
export async function POST(request: Request): Promise<Response> {
  return answer(async () => {
    // Checked before the body is read, so a visitor cannot make the server store an upload.
    const user = await requireOwner(request);
    const project = await createProjectFromRequest(request, user);
    return ok(messages.projectCreated, toProjectJson(project, { owner: true }), 201);
  });
}

const refuse = methodNotAllowed("GET", "POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
