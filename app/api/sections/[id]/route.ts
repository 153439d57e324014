import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import {
  createSectionFromRequest,
  removeSection,
  updateSectionFromRequest,
} from "@/lib/api/sections";
import { requireOwner } from "@/lib/auth";
import { requireVisibleProject } from "@/lib/api/viewer";
import { getProject } from "@/lib/data/projects";
import { listSections } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";
import { parsePermanent } from "@/lib/validation/version";

// One path segment, two meanings (docs/spec.md §7): GET and POST take a project id, PUT and DELETE a section id.
type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const projectId = (await params).id;
    // A draft's or a locked protected project's sections are not found (docs/spec.md §11).
    await requireVisibleProject(await getProject(projectId), request);
    const sections = await listSections(projectId);
    return ok(messages.sectionsFetched, sections.map(toSectionJson));
  });
}

/** Multipart: title, description, optional videoEmbed, repeated `resources` files, optional `video` file. */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const projectId = (await params).id;
    await requireOwner(request);
    const section = await createSectionFromRequest(projectId, request);
    return ok(messages.sectionAdded, toSectionJson(section), 201);
  });
}

/**
 * Multipart: title, description, `video` file or `videoEmbed`, new `resources` files with
 * `resourceAlts`, `removeResources` (URLs of kept images to drop) and `removeVideo=true`.
 */
export async function PUT(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const section = await updateSectionFromRequest(id, request);
    return ok(messages.sectionUpdated, toSectionJson(section));
  });
}

/** Moves the section to the trash; `?permanent=true` deletes it and its media for good. */
export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const permanent = parsePermanent(new URL(request.url).searchParams.get("permanent"));
    if (!permanent.ok) throw new ApiError(400, permanent.message);
    const section = await removeSection(id, permanent.value);
    return ok(messages.sectionDeleted, toSectionJson(section));
  });
}

const refuse = methodNotAllowed("GET", "POST", "PUT", "DELETE");
export { refuse as PATCH };
