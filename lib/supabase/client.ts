import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { sessionCookieOptions } from "./cookie-options";

export type SupabaseBrowserConfig = {
  /** Hosted Supabase URL, or null for the embedded service on the site's own origin. */
  url: string | null;
  anonKey: string;
};

/**
 * The browser client (a singleton inside @supabase/ssr). It keeps the session in cookies so the
 * server and proxy.ts see the same session, and uses the PKCE flow for e-mail links and Google.
 * The cookies it writes are `Secure` whenever the page itself is https.
 */
export function createClient(config: SupabaseBrowserConfig): SupabaseClient {
  return createBrowserClient(config.url ?? window.location.origin, config.anonKey, {
    cookieOptions: sessionCookieOptions(window.location.protocol === "https:"),
  });
}
