import "server-only";
import { combineChunks, parseCookieHeader, stringFromBase64URL } from "@supabase/ssr";
import { authCookieName } from "@/lib/supabase/cookie-names";

/**
 * The access token stored by @supabase/ssr in the session cookie (possibly split into chunks and
 * base64url-encoded). Read without a Supabase client so that reading never triggers a refresh
 * whose rotated token could not be written back: proxy.ts refreshes before pages and handlers run.
 */
export async function readCookieAccessToken(
  cookieHeader: string,
  supabaseUrl: string,
): Promise<string | null> {
  const cookies = new Map(parseCookieHeader(cookieHeader).map((c) => [c.name, c.value]));
  const raw = await combineChunks(authCookieName(supabaseUrl), (name) => cookies.get(name));
  if (!raw) return null;
  try {
    const json = raw.startsWith("base64-") ? stringFromBase64URL(raw.slice(7)) : raw;
    const session = JSON.parse(json) as { access_token?: unknown };
    return typeof session.access_token === "string" ? session.access_token : null;
  } catch {
    return null;
  }
}
