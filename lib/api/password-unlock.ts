import "server-only";
import { cookies } from "next/headers";
import { verifyPassword } from "@/lib/auth-service/passwords";
import { spent, takeRateLimit, type RateLimitName } from "@/lib/auth-service/rate-limit";
import { readBodyText, readJsonObject } from "@/lib/http/json-body";
import { getSessionCookieOptions } from "@/lib/supabase/config";
import { messages, statusMessages } from "@/lib/validation/messages";
import { firstMessage } from "@/lib/validation/project";
import { unlockSchema } from "@/lib/validation/status";
import { ApiError, fail } from "./respond";

/*
 * The password forms of protected projects (docs/spec.md §11) and review links (§13): the same
 * body, budget, texts and cookie rules.
 */

/**
 * Takes one of the client address's tries of the budget `name` for `scope` (shared by every server
 * on one PostgreSQL database, in memory on PGlite), or answers 429 with `message`.
 */
export async function limit(
  request: Request,
  name: RateLimitName,
  scope: string,
  message: string,
): Promise<Response | null> {
  return (await spent(takeRateLimit(request, name, scope))) ? fail(429, message) : null;
}

const isFormPost = (request: Request) =>
  (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * Checks `{ password }` (JSON, or the page's form posted by the browser itself) against
 * `passwordHash`: 429 after 20 tries from one address for `scope`, 400 unreadable, 401 wrong. Right: the access
 * cookie `cookie` (HttpOnly, Secure on https sites by the session cookies' rule) gets what `grant`
 * makes of its value, and the answer is null.
 */
export async function unlockWithPassword(
  request: Request,
  {
    scope,
    passwordHash,
    cookie,
    grant,
  }: {
    scope: string;
    passwordHash: string;
    cookie: string;
    grant: (value: string | undefined) => { value: string; maxAge: number };
  },
): Promise<Response | null> {
  const limited = await limit(request, "projectPassword", scope, statusMessages.tooManyAttempts);
  if (limited) return limited;
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
  if (!(await verifyPassword(parsed.data.password, passwordHash)))
    return fail(401, statusMessages.wrongPassword);
  const jar = await cookies();
  const { value, maxAge } = grant(jar.get(cookie)?.value);
  jar.set(cookie, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge,
    secure: getSessionCookieOptions(request.url).secure,
  });
  return null;
}

/**
 * A form the browser posted itself (the page's script has not run) is answered with a 303 back to
 * its page, which shows what the cookie opened or the form again; the cookie rides on it. 404 and
 * 410 stay. The password never goes into a URL.
 */
export function redirectFormPost(request: Request, response: Response, location: string) {
  if (!isFormPost(request) || response.status === 404 || response.status === 410) return response;
  return new Response(null, { status: 303, headers: { Location: location } });
}
