import { ownerWrite, permanentOf } from "@/lib/api/owner-write";
import { publicReadIfPublic } from "@/lib/api/public-read";
import { answer, jsonResponse, methodNotAllowed, ok, okBody } from "@/lib/api/respond";
import {
  createSectionFromRequest,
  removeSection,
  updateSectionFromRequest,
} from "@/lib/api/sections";
import { requireVisibleProject, viewerOf } from "@/lib/api/viewer";
import { TAGS } from "@/lib/cache";
import { getProject } from "@/lib/data/projects";
import { listSections } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { visibleToVisitor } from "@/lib/data/visibility";
import { messages } from "@/lib/validation/messages";

// One path segment, two meanings (docs/spec.md §7): GET and POST take a project id, PUT and DELETE a section id.
type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const projectId = (await params).id;
    const list = async () =>
      okBody(messages.sectionsFetched, (await listSections(projectId)).map(toSectionJson));
    const viewer = await viewerOf(request);
    // A published or unlisted project's sections are the same for every visitor: cached.
    if (!viewer.owner) {
      const cached = await publicReadIfPublic(
        request,
        ["sections", projectId],
        [TAGS.project(projectId)],
        async () => {
          const project = await getProject(projectId);
          return project && visibleToVisitor(project) === "open" ? list() : null;
        },
      );
      if (cached) return cached;
    }
    // A draft's or a locked protected project's sections are not found (docs/spec.md §11).
    await requireVisibleProject(await getProject(projectId), request, viewer);
    return jsonResponse(await list());
  });
}

/** Multipart: title, description, optional videoEmbed, repeated `resources` files, optional `video` file. */
export const POST = ownerWrite<{ id: string }>(async (request, { id: projectId }) => {
  const section = await createSectionFromRequest(projectId, request);
  return ok(messages.sectionAdded, toSectionJson(section), 201);
});

/**
 * Multipart: title, description, `video` file or `videoEmbed`, new `resources` files with
 * `resourceAlts`, `removeResources` (URLs of kept images to drop) and `removeVideo=true`.
 */
export const PUT = ownerWrite<{ id: string }>(async (request, { id }) => {
  const section = await updateSectionFromRequest(id, request);
  return ok(messages.sectionUpdated, toSectionJson(section));
});

/** Moves the section to the trash; `?permanent=true` deletes it and its media for good. */
export const DELETE = ownerWrite<{ id: string }>(async (request, { id }) => {
  const section = await removeSection(id, permanentOf(request));
  return ok(messages.sectionDeleted, toSectionJson(section));
});

const refuse = methodNotAllowed("GET", "POST", "PUT", "DELETE");
export { refuse as PATCH };
