import { cookies } from "next/headers";
import { getSessionCookieOptions } from "@/lib/supabase/config";
import { readBodyText, readJsonObject } from "@/lib/http/json-body";
import { answer, ApiError, fail, methodNotAllowed, ok } from "@/lib/api/respond";
import { takeRateLimit } from "@/lib/auth-service/rate-limit";
import { AuthServiceError } from "@/lib/auth-service/errors";
import { verifyPassword } from "@/lib/auth-service/passwords";
import { getProject } from "@/lib/data/projects";
import { grantAccess, PROJECT_ACCESS_COOKIE } from "@/lib/site/project-access";
import { messages } from "@/lib/validation/messages";
import { firstMessage } from "@/lib/validation/project";
import { statusMessages } from "@/lib/validation/messages";
import { unlockSchema } from "@/lib/validation/status";

type Context = { params: Promise<{ id: string }> };

const isFormPost = (request: Request) =>
  (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * `{ "password": "…" }` opens a protected project for this browser for 7 days (docs/spec.md §11):
 * 200 with the signed HttpOnly access cookie, 401 for a wrong password, 429 after 20 tries from
 * one address for one project. A project that is not protected (or not there) answers 404.
 *
 * The page's form posts here itself when its script has not run (not loaded yet, or off): then
 * every answer is a 303 back to the project page, which shows the project if the cookie was set
 * and the form again if not. The password never goes into a URL.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  if (isFormPost(request)) {
    const response = await unlock(request, id);
    if (response.status === 404) return response;
    return new Response(null, {
      status: 303,
      headers: { Location: `/sections/${encodeURIComponent(id)}` },
    });
  }
  return unlock(request, id);
}

async function unlock(request: Request, id: string): Promise<Response> {
  return answer(async () => {
    const project = await getProject(id);
    if (!project || project.status !== "protected" || !project.passwordHash)
      throw new ApiError(404, messages.projectNotFound);
    try {
      // Shared by every server on one PostgreSQL database (auth_rate_limits), in memory on PGlite.
      await takeRateLimit(request, "projectPassword", project.id);
    } catch (error) {
      if (error instanceof AuthServiceError) return fail(429, statusMessages.tooManyAttempts);
      throw error;
    }
    const body = await (
      isFormPost(request)
        ? readBodyText(request, 4096).then((text) => ({
            password: new URLSearchParams(text).get("password") ?? "",
          }))
        : readJsonObject(request, 4096)
    ).catch(() => {
      throw new ApiError(400, messages.invalidForm);
    });
    const parsed = unlockSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, firstMessage(parsed.error));
    if (!(await verifyPassword(parsed.data.password, project.passwordHash)))
      return fail(401, statusMessages.wrongPassword);
    const jar = await cookies();
    const { value, maxAge } = grantAccess(jar.get(PROJECT_ACCESS_COOKIE)?.value, {
      id: project.id,
      passwordHash: project.passwordHash,
    });
    jar.set(PROJECT_ACCESS_COOKIE, value, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge,
      // Secure on https sites, by the session cookies' rule.
      secure: getSessionCookieOptions(request.url).secure,
    });
    return ok(messages.projectFetched, { _id: project.id });
  });
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
