import { redirectFormPost, unlockWithPassword } from "@/lib/api/password-unlock";
import { answer, ApiError, methodNotAllowed, ok } from "@/lib/api/respond";
import { getProject } from "@/lib/data/projects";
import { grantAccess, PROJECT_ACCESS_COOKIE } from "@/lib/site/project-access";
import { messages } from "@/lib/validation/messages";

type Context = { params: Promise<{ id: string }> };

/**
 * `{ "password": "…" }` opens a protected project for this browser for 7 days (docs/spec.md §11):
 * 200 with the signed HttpOnly access cookie, 401 for a wrong password, 429 after 20 tries from
 * one address for one project. A project that is not protected (or not there) answers 404.
 * The page's form posts here itself when its script has not run (not loaded yet, or off): then
 * every other answer is a 303 back to the project page.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  const response = await answer(async () => {
    const project = await getProject(id);
    if (!project || project.status !== "protected" || !project.passwordHash)
      throw new ApiError(404, messages.projectNotFound);
    const { passwordHash } = project;
    const refused = await unlockWithPassword(request, {
      scope: project.id,
      passwordHash,
      cookie: PROJECT_ACCESS_COOKIE,
      grant: (value) => grantAccess(value, { id: project.id, passwordHash }),
    });
    return refused ?? ok(messages.projectFetched, { _id: project.id });
  });
  return redirectFormPost(request, response, `/sections/${encodeURIComponent(id)}`);
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
