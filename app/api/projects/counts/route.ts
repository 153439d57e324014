import { publicRead } from "@/lib/api/public-read";
import { answer, methodNotAllowed, okBody } from "@/lib/api/respond";
import { audienceOf, viewerOf } from "@/lib/api/viewer";
import { TAGS } from "@/lib/cache";
import { countProjectsByCategory } from "@/lib/data/projects";
import { messages } from "@/lib/validation/messages";

/** Counts of what the reader may find: a visitor's count only published projects (docs/spec.md §11). */
export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    const viewer = await viewerOf(request);
    return publicRead(request, viewer, ["project-counts"], [TAGS.projects], async () =>
      okBody(messages.countsFetched, await countProjectsByCategory(audienceOf(viewer))),
    );
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
