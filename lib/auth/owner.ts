import "server-only";
import { asc } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { authUsers } from "@/models";
import { isHostedAuth } from "@/lib/supabase/config";

/**
 * The owner rule: the addresses in OWNER_EMAILS when set; otherwise (embedded service only) the
 * first account ever created. Either way (embedded) only once the address is proven: an owner
 * account is created confirmed only with the setup token, else by its confirmation link. With hosted Supabase and no OWNER_EMAILS nobody is an owner, since
 * the hosted project may have accounts this site knows nothing about. `confirmed` is what the
 * verified token's account says (lib/auth/verify-token.ts), read with its session.
 */
export async function isOwnerEmail(email: string, confirmed: boolean): Promise<boolean> {
  const owners = env().OWNER_EMAILS;
  const normalized = email.trim().toLowerCase();
  if (owners.length > 0) {
    if (!owners.includes(normalized)) return false;
    // Hosted Supabase confirms addresses by its own rules; the embedded service records it.
    return isHostedAuth() || confirmed;
  }
  if (isHostedAuth()) return false;
  return confirmed && (await findFirstAccountEmail()) === normalized;
}

/** E-mail of the oldest account of the embedded service, or null when there is none. */
export async function findFirstAccountEmail(): Promise<string | null> {
  const db = await getDb();
  const [first] = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .orderBy(asc(authUsers.createdAt), asc(authUsers.id))
    .limit(1);
  return first?.email ?? null;
}
