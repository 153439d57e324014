import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { requireVisibleProject } from "@/lib/api/viewer";
import { getProject } from "@/lib/data/projects";
import { getSection } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const section = await getSection((await params).id);
    if (!section) throw new ApiError(404, messages.sectionNotFound);
    // A section of a project the reader may not see is not found either (docs/spec.md §11).
    const visible = await requireVisibleProject(await getProject(section.projectId), request).catch(
      () => null,
    );
    if (!visible) throw new ApiError(404, messages.sectionNotFound);
    return ok(messages.sectionFetched, toSectionJson(section));
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
