import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import {
  authIdentities,
  authOneTimeTokens,
  authSessions,
  authUsers,
  type AuthUserRow,
} from "@/models";
import { retireSetupToken } from "./setup-token";
import {
  assertSignupAllowed,
  createUser,
  findUserByEmail,
  findUserById,
  lockSignups,
  setupTokenRequired,
  wouldBeOwner,
} from "./users";

type GoogleIdentity = {
  sub: string;
  email: string;
  claims: Record<string, unknown>;
  /** The sign-in was started with the owner setup token. */
  withSetupToken?: boolean;
};

/**
 * The account for a Google identity: the one it signed in with before; else the account with
 * the same (Google-verified) address, which gets the identity linked; else a new account, which
 * the owner rule may refuse (signup_disabled). An existing account whose address nobody proved
 * (an owner address someone signed up with first) is not trusted: Google just proved the address
 * belongs to this person, so that account's password is dropped before the identity is linked.
 * A new first account (no OWNER_EMAILS) needs the setup token, as with e-mail sign-up.
 */
export async function findOrCreateGoogleUser(
  tx: Tx,
  identity: GoogleIdentity,
): Promise<AuthUserRow> {
  const now = new Date();
  const [linked] = await tx
    .update(authIdentities)
    .set({ lastSignInAt: now, identityData: identity.claims, updatedAt: now })
    .where(and(eq(authIdentities.provider, "google"), eq(authIdentities.providerId, identity.sub)))
    .returning();
  if (linked) {
    const user = await findUserById(tx, linked.userId);
    if (user) return user;
  }

  const existing = await findUserByEmail(tx, identity.email);
  if (existing && !existing.emailConfirmedAt) {
    await tx.delete(authSessions).where(eq(authSessions.userId, existing.id));
    await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.userId, existing.id));
    await tx
      .update(authUsers)
      .set({ encryptedPassword: null, emailConfirmedAt: now, updatedAt: now })
      .where(eq(authUsers.id, existing.id));
  }
  if (existing) {
    await tx.insert(authIdentities).values({
      id: randomUUID(),
      userId: existing.id,
      provider: "google",
      providerId: identity.sub,
      identityData: identity.claims,
      lastSignInAt: now,
    });
    const providers = new Set([...((existing.appMetadata.providers as string[]) ?? []), "google"]);
    const [updated] = await tx
      .update(authUsers)
      .set({ appMetadata: { ...existing.appMetadata, providers: [...providers] }, updatedAt: now })
      .where(eq(authUsers.id, existing.id))
      .returning();
    return updated!;
  }

  await lockSignups(tx);
  await assertSignupAllowed(tx, identity.email);
  if (env().OWNER_EMAILS.length === 0 && (await wouldBeOwner(tx, identity.email))) {
    if (!identity.withSetupToken) throw setupTokenRequired();
    retireSetupToken();
  }
  return createUser(tx, {
    email: identity.email,
    passwordHash: null,
    provider: "google",
    providerId: identity.sub,
    identityData: identity.claims,
    userMetadata: pickProfile(identity.claims),
  });
}

function pickProfile(claims: Record<string, unknown>): Record<string, unknown> {
  const profile: Record<string, unknown> = { email: claims.email, email_verified: true };
  if (typeof claims.name === "string") profile.full_name = claims.name;
  if (typeof claims.picture === "string") profile.avatar_url = claims.picture;
  return profile;
}
