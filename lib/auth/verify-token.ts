import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { AuthServiceError } from "@/lib/auth-service/errors";
import { authenticateBearer } from "@/lib/auth-service/verify";
import { getSupabasePublicConfig } from "@/lib/supabase/config";

/** `confirmed`: the address was proven (a confirmation or reset link, or the provider says so). */
export type VerifiedUser = { id: string; email: string; confirmed: boolean };

let hostedClient: SupabaseClient | undefined;

/**
 * The user behind an access token, or null. Embedded: signature via the local key plus a check
 * that the session still exists. Hosted: the project's /user endpoint, which checks both.
 */
export async function verifyUserToken(token: string): Promise<VerifiedUser | null> {
  const { url, anonKey } = getSupabasePublicConfig();
  if (!url) return verifyEmbeddedToken(token);
  hostedClient ??= createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await hostedClient.auth.getUser(token);
  if (error || !data.user?.email) return null;
  return {
    id: data.user.id,
    email: data.user.email,
    confirmed: Boolean(data.user.email_confirmed_at),
  };
}

async function verifyEmbeddedToken(token: string): Promise<VerifiedUser | null> {
  try {
    const request = new Request("http://embedded.invalid/", {
      headers: { authorization: `Bearer ${token}` },
    });
    const { user } = await authenticateBearer(request);
    return { id: user.id, email: user.email, confirmed: Boolean(user.emailConfirmedAt) };
  } catch (error) {
    if (error instanceof AuthServiceError) return null;
    throw error;
  }
}
