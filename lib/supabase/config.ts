import "server-only";
import type { CookieOptionsWithName } from "@supabase/ssr";
import { env } from "@/lib/env";
import { sessionCookieOptions, shouldUseSecureCookies } from "@/lib/supabase/cookie-options";

/**
 * The embedded service does not check the anon key (there is no API gateway in front of it), but
 * the Supabase clients refuse to start without one, so this public placeholder is used.
 */
export const EMBEDDED_ANON_KEY = "embedded-anon-key";

export type SupabasePublicConfig = {
  /** Hosted Supabase URL, or null for the embedded service on the site's own origin. */
  url: string | null;
  anonKey: string;
};

/** True when NEXT_PUBLIC_SUPABASE_URL points at a hosted Supabase project. */
export function isHostedAuth(): boolean {
  return Boolean(env().NEXT_PUBLIC_SUPABASE_URL);
}

/** What the browser and server clients need; read at run time so one build serves both modes. */
export function getSupabasePublicConfig(): SupabasePublicConfig {
  const { NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY } = env();
  if (NEXT_PUBLIC_SUPABASE_URL) {
    return {
      url: NEXT_PUBLIC_SUPABASE_URL.replace(/\/+$/, ""),
      anonKey: NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "",
    };
  }
  return { url: null, anonKey: EMBEDDED_ANON_KEY };
}

/** The Supabase URL a server-side client should use for this request. */
export function resolveSupabaseUrl(requestOrigin: string): string {
  return getSupabasePublicConfig().url ?? requestOrigin;
}

/** The @supabase/ssr cookie options for a request to `requestUrl` (`Secure` on https sites). */
export function getSessionCookieOptions(requestUrl: string): CookieOptionsWithName {
  const secure = shouldUseSecureCookies({
    requestUrl,
    siteUrl: env().NEXT_PUBLIC_SITE_URL,
    // Inlined at build time (see lib/env.ts): a production build is production.
    production: process.env.NODE_ENV === "production",
  });
  return sessionCookieOptions(secure);
}
