import "server-only";
import { createServerClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { cookies, headers } from "next/headers";
import { getSessionCookieOptions, getSupabasePublicConfig } from "@/lib/supabase/config";
import { dispatchAuthRequest } from "@/lib/auth-service/router";
import { readCookieOrigin } from "@/lib/supabase/cookie-names";

/**
 * In embedded mode the server talks to its own auth service in process rather than over HTTP to
 * its public address, which a server behind a proxy or in a container may not be able to reach.
 */
const embeddedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/auth/v1/")) return fetch(request);
  return dispatchAuthRequest(request, pathname.slice("/auth/v1/".length).split("/"));
};

/**
 * A server client bound to this request's cookies (route handlers and server components). Writes
 * only succeed in route handlers and server functions; server components cannot set cookies, and
 * proxy.ts has already refreshed the session for them.
 */
export async function createClient(): Promise<SupabaseClient> {
  const cookieStore = await cookies();
  const { url, anonKey } = getSupabasePublicConfig();
  const origin = readCookieOrigin(await headers());
  return createServerClient(url ?? origin, anonKey, {
    global: url ? {} : { fetch: embeddedFetch },
    cookieOptions: getSessionCookieOptions(origin),
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll: (cookiesToSet) => {
        try {
          for (const { name, value, options } of cookiesToSet)
            cookieStore.set(name, value, options);
        } catch {
          // Called from a server component: nothing to write to; the proxy keeps cookies fresh.
        }
      },
    },
  });
}
