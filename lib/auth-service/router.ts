import "server-only";
import { isHostedAuth } from "@/lib/supabase/config";
import { DATABASE_UNAVAILABLE_MESSAGE, reportDatabaseError } from "@/lib/db/availability";
import { AuthServiceError, respondWithError } from "./errors";
import { MAX_AUTH_BODY_BYTES, readSiteOrigin, tooLarge } from "./http";
import { discardBody } from "@/lib/http/request-body";
import { handleAuthorize } from "./handlers/authorize";
import { handleCallback } from "./handlers/callback";
import { handleLogout } from "./handlers/logout";
import { handleRecover } from "./handlers/recover";
import { handleJwks, handleSettings } from "./handlers/settings";
import { handleSignup } from "./handlers/signup";
import { handleToken } from "./handlers/token";
import { handleGetUser, handleUpdateUser } from "./handlers/user";
import { handleVerify } from "./handlers/verify";

type Handler = (request: Request, url: URL) => Promise<Response>;

const ROUTES: Record<string, Handler> = {
  "POST /signup": handleSignup,
  "POST /token": handleToken,
  "GET /user": handleGetUser,
  "PUT /user": handleUpdateUser,
  "POST /logout": handleLogout,
  "POST /recover": handleRecover,
  "GET /verify": handleVerify,
  "GET /authorize": handleAuthorize,
  "GET /callback": handleCallback,
  "GET /settings": handleSettings,
  "GET /.well-known/jwks.json": handleJwks,
};

/**
 * Like hosted Supabase, any origin may call the API: it authenticates by bearer token, never by
 * cookie, so no credentials ride along. This is also what lets one install serve as the "hosted"
 * service of another.
 */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
  "Access-Control-Allow-Headers":
    "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
  "Access-Control-Expose-Headers": "x-supabase-api-version",
  "Access-Control-Max-Age": "600",
};

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Every POST and PUT here takes JSON, which a browser sends cross-site only after a CORS
 * preflight. A form (text/plain, urlencoded, multipart) needs none, so a body of another kind is
 * refused: 403 when another site's page sent it, else 415. A bodiless call without a type (a
 * bare POST /logout) passes.
 */
function checkBody(request: Request): void {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_AUTH_BODY_BYTES) throw tooLarge();
  const type = request.headers.get("content-type");
  if (type !== null && JSON_TYPE.test(type)) return;
  // No type and no body (a bare POST /logout with its Bearer token): nothing a form could send,
  // since a browser form always names its type.
  const length = request.headers.get("content-length");
  if (
    type === null &&
    (length === null || length === "0") &&
    !request.headers.has("transfer-encoding")
  )
    return;
  const origin = request.headers.get("origin");
  if (origin && origin !== readSiteOrigin(request) && origin !== new URL(request.url).origin)
    throw new AuthServiceError(403, "cross_site_request", "Cross-site request refused");
  throw new AuthServiceError(415, "bad_json", "Content-Type must be application/json");
}

function withCors(response: Response): Response {
  for (const [key, value] of Object.entries(CORS_HEADERS)) response.headers.set(key, value);
  return response;
}

/**
 * Entry point of the embedded service for every /auth/v1/* request. With a hosted Supabase URL
 * configured the service does not exist (404), so nobody can create accounts beside the real one.
 */
export async function dispatchAuthRequest(request: Request, path: string[]): Promise<Response> {
  if (isHostedAuth()) return new Response("Not Found", { status: 404 });
  if (request.method === "OPTIONS") return withCors(new Response(null, { status: 204 }));
  const url = new URL(request.url);
  const method = request.method === "HEAD" ? "GET" : request.method;
  const route = `/${path.join("/")}`;
  const handler = ROUTES[`${method} ${route}`];
  try {
    return await dispatch(request, url, method, route, handler);
  } finally {
    // A body a handler did not read (refused before it, or a route without one) is drained, not
    // left to pile up in memory: Next.js keeps feeding it in whether anyone reads or not.
    if (request.body && !request.body.locked) void discardBody(request.body.getReader());
  }
}

async function dispatch(
  request: Request,
  url: URL,
  method: string,
  route: string,
  handler: Handler | undefined,
): Promise<Response> {
  try {
    if (!handler) {
      const allowed = Object.keys(ROUTES)
        .filter((key) => key.endsWith(` ${route}`))
        .map((key) => key.split(" ")[0]!);
      if (allowed.length === 0) throw new AuthServiceError(404, "not_found", "Not Found");
      const refused = respondWithError(
        request,
        new AuthServiceError(405, "method_not_allowed", `Method ${request.method} not allowed`),
      );
      refused.headers.set("Allow", [...allowed, "OPTIONS"].join(", "));
      return withCors(refused);
    }
    if (method === "POST" || method === "PUT") checkBody(request);
    return withCors(await handler(request, url));
  } catch (error) {
    if (error instanceof AuthServiceError) return withCors(respondWithError(request, error));
    if (reportDatabaseError(error)) {
      const unavailable = new AuthServiceError(
        503,
        "service_unavailable",
        DATABASE_UNAVAILABLE_MESSAGE,
      );
      return withCors(respondWithError(request, unavailable));
    }
    console.error("Auth service error:", error);
    return withCors(
      respondWithError(
        request,
        new AuthServiceError(500, "unexpected_failure", "Unexpected failure, please try again"),
      ),
    );
  }
}
