import "server-only";
import { readSiteOrigin } from "./http";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The `redirect_to` to honour: only the site's own origin (any port when both are loopback, for
 * development). Anything else falls back to the site URL, so links can never become an open
 * redirect to a look-alike site.
 */
export function resolveRedirect(value: string | null, request: Request): string {
  const siteOrigin = readSiteOrigin(request);
  if (!value) return siteOrigin;
  let target: URL;
  try {
    target = new URL(value, siteOrigin);
  } catch {
    return siteOrigin;
  }
  const site = new URL(siteOrigin);
  const sameOrigin = target.origin === site.origin;
  const bothLoopback = LOOPBACK.has(target.hostname) && LOOPBACK.has(site.hostname);
  return sameOrigin || (bothLoopback && target.protocol === site.protocol)
    ? target.href
    : siteOrigin;
}

/** A 303 to `target` with parameters added to its query (PKCE codes, errors) or fragment (tokens). */
export function redirectWith(
  target: string,
  params: Record<string, string | number>,
  where: "query" | "fragment",
): Response {
  const url = new URL(target);
  const entries = Object.entries(params).map(([key, value]) => [key, String(value)]);
  if (where === "query") {
    for (const [key, value] of entries) url.searchParams.set(key!, value!);
  } else {
    url.hash = new URLSearchParams(entries).toString();
  }
  return new Response(null, {
    status: 303,
    headers: { Location: url.href, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

export const EXPIRED_LINK = {
  error: "access_denied",
  error_code: "otp_expired",
  error_description: "Email link is invalid or has expired",
};
