import "server-only";

export type SearchParams = Record<string, string | string[] | undefined>;

/** What /signin shows for an error this site did not write itself. */
export const GENERIC_AUTH_ERROR = "Sign-in failed. Please try again.";

/**
 * Every error the auth service and /auth/callback put in a redirect, as written there. Anything
 * else in the address (a crafted link: "Your account is locked, call +1 …") is not repeated to
 * the visitor; the generic message stands in.
 */
const KNOWN_AUTH_ERRORS = new Set([
  // lib/auth-service/redirects.ts and handlers/callback.ts
  "Email link is invalid or has expired",
  "The Google sign-in expired; please try again.",
  "Google sign-in failed; please try again.",
  "Google sign-in was cancelled or refused.",
  "Google did not confirm an e-mail address for this account.",
  "Signups not allowed for this instance",
  "Creating the owner account needs the setup link printed in the server log at start.",
  // app/auth/callback/route.ts, and what supabase-js's code exchange reports there
  "The sign-in link is incomplete.",
  "invalid flow state, no valid flow state found",
  "invalid flow state, flow state has expired",
  "code challenge does not match previously saved code verifier",
  "Request rate limit reached",
  "The database is unavailable. Please try again shortly.",
]);

/** The `error_description` (or `error`) of an auth redirect, when the site wrote it. */
export function readAuthErrorParam(params: SearchParams): string | undefined {
  const value = params.error_description ?? params.error;
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (KNOWN_AUTH_ERRORS.has(text)) return text;
  // supabase-js's "PKCE code verifier not found in storage. …": opened in another browser.
  if (text.startsWith("PKCE code verifier not found in storage"))
    return "Open the link in the browser where you started, or ask for a new one.";
  return GENERIC_AUTH_ERROR;
}
