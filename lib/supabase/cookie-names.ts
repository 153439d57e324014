import { readRequestOrigin } from "@/lib/http/request-origin";

/**
 * The storage key @supabase/ssr derives from the Supabase URL (`sb-<first host label>-auth-token`),
 * e.g. `sb-localhost-auth-token` for the embedded service on http://localhost:3000.
 */
export function authCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

/**
 * The origin the browser sees, which names its session cookie and decides whether it is Secure:
 * behind a proxy, the forwarded host and protocol. They count whatever AUTH_TRUST_PROXY says: a
 * client that forges them only picks which of its own cookies is read, and how they are written.
 */
export function readCookieOrigin(headers: Headers, url?: string): string {
  return readRequestOrigin(headers, { trustForwarded: true, url });
}

/**
 * Whether any of these cookie names holds a stored session (`sb-<label>-auth-token`, or one of its
 * `.0`, `.1`… chunks when the token is long). The PKCE `-code-verifier` cookie is not a session.
 */
export function hasAuthCookie(names: Iterable<string>): boolean {
  for (const name of names) if (/^sb-.+-auth-token(\.\d+)?$/.test(name)) return true;
  return false;
}
