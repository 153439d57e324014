import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { restoreSectionById } from "@/lib/api/sections";
import { requireOwner } from "@/lib/auth";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

/** Takes a trashed section out of the trash (docs/spec.md §10); 404 when it is not in the trash. */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const { id } = await params;
    await requireOwner(request);
    const section = await restoreSectionById(id);
    return ok(messages.sectionRestored, toSectionJson(section));
  });
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
