import "server-only";
import { isHostedAuth } from "@/lib/auth/config";
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
 * Entry point of the embedded service for every /auth/v1/* request. With a hosted Supabase URL
 * configured the service does not exist (404), so nobody can create accounts beside the real one.
 */
export async function dispatchAuthRequest(request: Request, path: string[]): Promise<Response> {
  if (isHostedAuth()) return new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const method = request.method === "HEAD" ? "GET" : request.method;
  const handler = ROUTES[`${method} /${path.join("/")}`];
  try {
    if (!handler) throw new AuthServiceError(404, "not_found", "Not Found");
    return await handler(request, url);
  } catch (error) {
    if (error instanceof AuthServiceError) return respondWithError(request, error);
    console.error("Auth service error:", error);
    return respondWithError(
      request,
      new AuthServiceError(500, "unexpected_failure", "Unexpected failure, please try again"),
    );
  }
}
