import "server-only";
import { env } from "@/lib/env";
import { API_VERSION, API_VERSION_HEADER, invalidInput } from "./errors";

/** A JSON answer that is never cached and carries the API version the client negotiated. */
export function respondWithJson(request: Request, body: unknown, status = 200): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (request.headers.has(API_VERSION_HEADER)) headers[API_VERSION_HEADER] = API_VERSION;
  return Response.json(body, { status, headers });
}

/** The JSON object body of a request; anything else is a validation error. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidInput("Could not parse request body as JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidInput("Request body must be a JSON object");
  return body as Record<string, unknown>;
}

export function readString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === "string" ? value : undefined;
}

/** The Bearer token of the request, if any. */
export function readBearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * The client's address for rate limiting. Next.js keeps an `X-Forwarded-For` the client sent, so
 * it is only believed when AUTH_TRUST_PROXY says a proxy in front rewrites it (its last entry is
 * the address that proxy saw). Otherwise all clients share one budget, which caps guessing at
 * the reference rates instead of letting a forged header reset the count.
 */
export function readClientKey(request: Request): string {
  if (!env().AUTH_TRUST_PROXY) return "all";
  const forwarded = request.headers.get("x-forwarded-for") ?? "";
  return forwarded.split(",").at(-1)?.trim() || "unknown";
}

/** The public origin of the site: NEXT_PUBLIC_SITE_URL, else the origin the request came to. */
export function readSiteOrigin(request: Request): string {
  const configured = env().NEXT_PUBLIC_SITE_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/** What a new session records about the request that created it. */
export function readSessionContext(request: Request) {
  return {
    issuer: `${readSiteOrigin(request)}/auth/v1`,
    userAgent: request.headers.get("user-agent"),
  };
}
