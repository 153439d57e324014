/**
 * The storage key @supabase/ssr derives from the Supabase URL (`sb-<first host label>-auth-token`),
 * e.g. `sb-localhost-auth-token` for the embedded service on http://localhost:3000.
 */
export function authCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

/** The origin a request was addressed to, as the browser sees it. */
export function readRequestOrigin(headers: Headers, fallbackUrl?: string): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (!host) return new URL(fallbackUrl ?? "http://localhost").origin;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return `${proto}://${host.split(",")[0]?.trim()}`;
}

/**
 * Whether any of these cookie names holds a stored session (`sb-<label>-auth-token`, or one of its
 * `.0`, `.1`… chunks when the token is long). The PKCE `-code-verifier` cookie is not a session.
 */
export function hasAuthCookie(names: Iterable<string>): boolean {
  for (const name of names) if (/^sb-.+-auth-token(\.\d+)?$/.test(name)) return true;
  return false;
}
