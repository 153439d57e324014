import { createServerClient } from "@supabase/ssr";
import { NextResponse, type NextRequest } from "next/server";
import { getSessionCookieOptions, getSupabasePublicConfig } from "@/lib/supabase/config";
import { authCookieName, hasAuthCookie, readCookieOrigin } from "./cookie-names";

const OWNER_ROUTES = [
  /^\/addproject\/?$/,
  /^\/dashboard(\/|$)/,
  /^\/editsectionpage\//,
  /^\/addsection\//,
  /^\/editproject\//,
  /^\/trash\/?$/,
  /^\/inbox\/?$/,
  /^\/insights\/?$/,
];

export function isOwnerRoute(pathname: string): boolean {
  return OWNER_ROUTES.some((pattern) => pattern.test(pathname));
}

/**
 * Runs for the pages proxy.ts sees (not the cached public ones, which never read a session):
 * refreshes the session cookie when the access token is due (writing the rotated tokens to both
 * the request, for the page about to render, and the response, for the browser) and sends
 * visitors away from owner routes. Pages and handlers still check the session themselves; this is
 * the first line, not the only one.
 */
export async function updateSession(request: NextRequest): Promise<NextResponse> {
  const pass = () => NextResponse.next({ request });
  // Visitors carry no session cookie: nothing to read or refresh, so no Supabase client at all
  // (the bulk of the proxy's cost on the cached public pages). Owner routes still send them away.
  if (!hasAuthCookie(request.cookies.getAll().map((cookie) => cookie.name))) {
    if (!isOwnerRoute(request.nextUrl.pathname)) return pass();
    return NextResponse.redirect(new URL("/signin", request.url));
  }
  const { url, anonKey } = getSupabasePublicConfig();
  // The browser names the session cookie after the address it sees (behind a proxy, the forwarded
  // host), and the embedded service is reached where this server listens: request.nextUrl is that
  // address, but with the forwarded protocol, and behind a TLS-terminating proxy the port itself
  // speaks plain http.
  const publicOrigin = readCookieOrigin(request.headers, request.url);
  const serviceUrl = url ?? `http://${request.nextUrl.host}`;
  const cookieOptions = {
    ...getSessionCookieOptions(publicOrigin),
    ...(url ? {} : { name: authCookieName(publicOrigin) }),
  };
  let response = pass();
  const supabase = createServerClient(serviceUrl, anonKey, {
    cookieOptions,
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (cookiesToSet, headers) => {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        response = pass();
        for (const { name, value, options } of cookiesToSet)
          response.cookies.set(name, value, options);
        for (const [key, value] of Object.entries(headers ?? {})) response.headers.set(key, value);
      },
    },
  });
  // Nothing may run between creating the client and getClaims(): it is what refreshes the session.
  // A token with an algorithm it does not know (e.g. `alg: none`) makes it throw rather than
  // answer an error; that is no session either, not a reason for a 500.
  const claims = await supabase.auth.getClaims().then(
    ({ data }) => data?.claims ?? null,
    () => null,
  );
  if (!claims && isOwnerRoute(request.nextUrl.pathname)) {
    const redirect = NextResponse.redirect(new URL("/signin", request.url));
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  return response;
}
