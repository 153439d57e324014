import "server-only";
import { cookies, headers } from "next/headers";
import { readBearerToken } from "@/lib/auth-service/http";
import { env } from "@/lib/env";
import { readRequestOrigin } from "@/lib/http/request-origin";
import { readCookieOrigin } from "@/lib/supabase/cookie-names";
import { resolveSupabaseUrl } from "@/lib/supabase/config";
import { isOwnerEmail } from "./owner";
import { readCookieAccessToken } from "./session-cookie";
import { verifyUserToken } from "./verify-token";

export type AuthUser = { id: string; email: string; isOwner: boolean };

export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function readBearer(request: Request | undefined): string | null {
  return request ? readBearerToken(request) : null;
}

async function readCookieToken(request: Request | undefined): Promise<string | null> {
  const requestHeaders = request?.headers ?? (await headers());
  const cookieHeader = request
    ? (request.headers.get("cookie") ?? "")
    : (await cookies()).toString();
  const origin = readCookieOrigin(requestHeaders, request?.url);
  return readCookieAccessToken(cookieHeader, resolveSupabaseUrl(origin));
}

/**
 * The signed-in user: from `Authorization: Bearer <jwt>` when the request carries one, else from
 * the @supabase/ssr session cookie. The token's signature is checked and its session must still
 * exist, so a signed-out token is refused even before it expires.
 */
export async function getUser(request?: Request): Promise<AuthUser | null> {
  const token = readBearer(request) ?? (await readCookieToken(request));
  if (!token) return null;
  const verified = await verifyUserToken(token);
  if (!verified) return null;
  const { id, email, confirmed } = verified;
  return { id, email, isOwner: await isOwnerEmail(email, confirmed) };
}

/**
 * For route handlers that change data: the owner, or an AuthError (401 without a valid session,
 * 403 for a non-owner or for a cookie-authenticated write coming from another site).
 */
export async function requireOwner(request: Request): Promise<AuthUser> {
  const user = await getUser(request);
  if (!user) throw new AuthError(401, "Auth session missing!");
  if (!readBearer(request) && !SAFE_METHODS.has(request.method) && !isSameOrigin(request))
    throw new AuthError(403, "Cross-site request refused");
  if (!user.isOwner) throw new AuthError(403, "This account has no owner rights");
  return user;
}

/**
 * Cookies ride along on cross-site form posts, so a cookie-authenticated write must name this
 * site as its Origin (browsers always send Origin on non-GET fetches and form posts). It is
 * compared only with origins a cross-site page cannot choose: the configured site URL, the
 * address Next.js derived for this server, and the `Host` header (a forbidden header for
 * scripts). `X-Forwarded-Host` is any client's to set, so it counts only when AUTH_TRUST_PROXY
 * says a proxy in front rewrites it.
 */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") === "same-origin";
  const { NEXT_PUBLIC_SITE_URL: siteUrl, AUTH_TRUST_PROXY: trustProxy } = env();
  const url = new URL(request.url);
  const allowed = new Set([url.origin]);
  const host = request.headers.get("host");
  if (host) allowed.add(`${url.protocol}//${host}`);
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  if (trustProxy)
    allowed.add(readRequestOrigin(request.headers, { trustForwarded: true, url: request.url }));
  return allowed.has(origin);
}
