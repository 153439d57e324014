import "server-only";
import { countUsers } from "@/lib/auth-service/users";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { isHostedAuth } from "@/lib/supabase/config";

/**
 * Whether the embedded service will refuse any new account (the owner exists and neither
 * OWNER_EMAILS nor AUTH_SIGNUP=open admits others). With hosted Supabase its own settings decide.
 */
export async function isSignupClosed(): Promise<boolean> {
  const { AUTH_SIGNUP, OWNER_EMAILS } = env();
  if (isHostedAuth() || AUTH_SIGNUP === "open" || OWNER_EMAILS.length > 0) return false;
  return (await countUsers(await getDb())) > 0;
}
