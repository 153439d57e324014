import type { CookieOptionsWithName } from "@supabase/ssr";

/**
 * Whether the session cookies carry `Secure`. Always when the request came over https (directly,
 * or per the X-Forwarded-Proto that Next.js folds into the request URL), so a session set on an
 * https page never travels over plain http. In production also when the configured public URL is
 * https, in case the proxy in front does not say which protocol the browser used. Never on a plain
 * http site (`npm start`, e2e, `next dev`): browsers other than Chromium and Firefox on localhost
 * drop Secure cookies there, which would make signing in impossible.
 */
export function shouldUseSecureCookies(options: {
  requestUrl: string;
  siteUrl: string | undefined;
  production: boolean;
}): boolean {
  if (new URL(options.requestUrl).protocol === "https:") return true;
  return options.production && options.siteUrl?.startsWith("https:") === true;
}

/**
 * Options for the @supabase/ssr clients, beside its defaults (Path=/, SameSite=Lax, Max-Age of
 * 400 days, not HttpOnly: the browser client reads the session from document.cookie).
 */
export function sessionCookieOptions(secure: boolean): CookieOptionsWithName {
  return { secure };
}
