import "server-only";
import { JsonBodyError, readJsonObject } from "@/lib/http/json-body";
import { env } from "@/lib/env";
import { readRequestOrigin } from "@/lib/http/request-origin";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address-header";
import { API_VERSION, API_VERSION_HEADER, AuthServiceError, invalidInput } from "./errors";

/** A JSON answer that is never cached and carries the API version the client negotiated. */
export function respondWithJson(request: Request, body: unknown, status = 200): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (request.headers.has(API_VERSION_HEADER)) headers[API_VERSION_HEADER] = API_VERSION;
  return Response.json(body, { status, headers });
}

/** Far above any GoTrue request this service takes (an e-mail, a password, a little metadata). */
export const MAX_AUTH_BODY_BYTES = 8 * 1024;

export function tooLarge(): AuthServiceError {
  return new AuthServiceError(
    413,
    "request_too_large",
    `Request body is larger than ${MAX_AUTH_BODY_BYTES} bytes`,
  );
}

/**
 * The JSON object body of a request, at most MAX_AUTH_BODY_BYTES: a larger one is answered 413
 * before the rest is read. An empty body is `{}`; anything else is a validation error.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(request, MAX_AUTH_BODY_BYTES, { allowEmpty: true });
  } catch (error) {
    if (!(error instanceof JsonBodyError)) throw error;
    if (error.problem === "too_large") throw tooLarge();
    if (error.problem === "invalid_json")
      throw invalidInput("Could not parse request body as JSON");
    throw invalidInput("Request body must be a JSON object");
  }
}

export function readString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === "string" ? value : undefined;
}

/** The Bearer token of the request, if any (the one reader of `Authorization` on the server). */
export function readBearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * The client's address, for rate limits. Without AUTH_TRUST_PROXY it is the TCP peer of the
 * connection, which the server stamps on every request itself (CLIENT_ADDRESS_HEADER, see
 * lib/startup/client-address.ts); nothing a client sends can change it. Behind a reverse proxy
 * that peer is the proxy, so AUTH_TRUST_PROXY=true reads `X-Forwarded-For` instead: each of the
 * AUTH_TRUSTED_PROXY_HOPS proxies appends the address it saw, so the client is that many entries
 * from the right; anything further left is the client's own and ignored.
 */
export function readClientAddress(request: { headers: Pick<Headers, "get"> }): string {
  const peer =
    request.headers.get(CLIENT_ADDRESS_HEADER) ??
    // Only when the stamp is missing (not `next start`): Next.js's own X-Forwarded-For.
    request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() ??
    "unknown";
  const { AUTH_TRUST_PROXY, AUTH_TRUSTED_PROXY_HOPS } = env();
  if (!AUTH_TRUST_PROXY) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - AUTH_TRUSTED_PROXY_HOPS] ?? forwarded[0] ?? peer;
}

/**
 * The public origin of the site: NEXT_PUBLIC_SITE_URL, else the origin the request came to. It
 * goes into links mailed to others (password reset, sign-up confirmation), so forwarded headers
 * never count here, even behind a trusted proxy: anyone could point the link at their own site.
 */
export function readSiteOrigin(request: Request): string {
  return readRequestOrigin(request.headers, {
    trustForwarded: false,
    url: request.url,
    siteUrl: env().NEXT_PUBLIC_SITE_URL,
  });
}

/** What a new session records about the request that created it. */
export function readSessionContext(request: Request) {
  return {
    issuer: `${readSiteOrigin(request)}/auth/v1`,
    userAgent: request.headers.get("user-agent"),
  };
}
