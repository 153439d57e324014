import { createProjectFromRequest } from "@/lib/api/projects";
import { ownerWrite } from "@/lib/api/owner-write";
import { publicRead } from "@/lib/api/public-read";
import { answer, methodNotAllowed, ok, okBody } from "@/lib/api/respond";
import { audienceOf, viewerOf } from "@/lib/api/viewer";
import { TAGS } from "@/lib/cache";
import { listProjects } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    // A visitor's list holds the published projects only (docs/spec.md §11).
    const viewer = await viewerOf(request);
    return publicRead(request, viewer, ["projects"], [TAGS.projects], async () =>
      okBody(
        messages.projectsFetched,
        (await listProjects(audienceOf(viewer))).map((project) => toProjectJson(project, viewer)),
      ),
    );
  });
}

/** Multipart (title, role, category, cover file) or JSON with a cover URL. */
export const POST = ownerWrite(async (request, _params, owner) => {
  const project = await createProjectFromRequest(request, owner);
  return ok(messages.projectCreated, toProjectJson(project, { owner: true }), 201);
});

const refuse = methodNotAllowed("GET", "POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
