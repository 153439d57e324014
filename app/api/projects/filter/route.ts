import { publicRead } from "@/lib/api/public-read";
import { answer, ApiError, methodNotAllowed, okBody } from "@/lib/api/respond";
import { audienceOf, viewerOf } from "@/lib/api/viewer";
import { TAGS } from "@/lib/cache";
import { listProjectsByCategory } from "@/lib/data/projects";
import { toProjectJson } from "@/lib/data/serialize";
import { messages } from "@/lib/validation/messages";
import { categoryFilterSchema, firstMessage } from "@/lib/validation/project";

/** `?category=<a category>` or `all` (the default). */
export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    const raw = new URL(request.url).searchParams.get("category") ?? "all";
    const category = categoryFilterSchema.safeParse(raw);
    if (!category.success) throw new ApiError(400, firstMessage(category.error));
    // A visitor's list holds the published projects only (docs/spec.md §11).
    const viewer = await viewerOf(request);
    return publicRead(request, viewer, ["projects", category.data], [TAGS.projects], async () =>
      okBody(
        messages.projectsFetched,
        (await listProjectsByCategory(category.data, audienceOf(viewer))).map((project) =>
          toProjectJson(project, viewer),
        ),
      ),
    );
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
