import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { audienceOf, viewerOf } from "@/lib/api/viewer";
import { countProjectsByCategory } from "@/lib/data/projects";
import { messages } from "@/lib/validation/messages";

/** Counts of what the reader may find: a visitor's count only published projects (docs/spec.md §11). */
export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    const audience = audienceOf(await viewerOf(request));
    return ok(messages.countsFetched, await countProjectsByCategory(audience));
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
