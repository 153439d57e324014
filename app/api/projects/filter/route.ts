import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { viewerOf } from "@/lib/api/viewer";
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
    const [projects, viewer] = await Promise.all([
      listProjectsByCategory(category.data),
      viewerOf(request),
    ]);
    return ok(
      messages.projectsFetched,
      projects.map((project) => toProjectJson(project, viewer)),
    );
  });
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
