import "server-only";
import { isHostedAuth } from "@/lib/auth/config";
import { DATABASE_UNAVAILABLE_MESSAGE, reportDatabaseError } from "@/lib/db/availability";
import { AuthServiceError, respondWithError } from "./errors";
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
  const handler = ROUTES[`${method} /${path.join("/")}`];
  try {
    if (!handler) throw new AuthServiceError(404, "not_found", "Not Found");
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
