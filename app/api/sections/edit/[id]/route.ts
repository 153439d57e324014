import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { getSection } from "@/lib/data/sections";
import { toSectionJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    const section = await getSection((await params).id);
    if (!section) throw new ApiError(404, messages.sectionNotFound);
    return ok(messages.sectionFetched, toSectionJson(section));
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
