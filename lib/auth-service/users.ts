import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { authIdentities, authUsers, type AuthUserRow } from "@/models";
import { AuthServiceError, invalidInput } from "./errors";

type IdentityRow = typeof authIdentities.$inferSelect;

/** Lower-cases and checks an e-mail address. */
export function normalizeEmail(email: unknown): string {
  if (typeof email !== "string" || email.trim() === "")
    throw invalidInput("Email address is required");
  const normalized = email.trim().toLowerCase();
  if (!z.email().safeParse(normalized).success)
    throw invalidInput("Unable to validate email address: invalid format");
  return normalized;
}

export async function findUserByEmail(db: Db | Tx, email: string) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db | Tx, id: string) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  return user ?? null;
}

/**
 * The owner rule for new accounts: AUTH_SIGNUP=open lets anyone in; otherwise only the addresses
 * in OWNER_EMAILS, or, when that is empty, only the very first account.
 */
export async function assertSignupAllowed(db: Db | Tx, email: string): Promise<void> {
  const { AUTH_SIGNUP, OWNER_EMAILS } = env();
  if (AUTH_SIGNUP === "open") return;
  const allowed =
    OWNER_EMAILS.length > 0 ? OWNER_EMAILS.includes(email) : (await countUsers(db)) === 0;
  if (!allowed) throw signupDisabled();
}

/**
 * Whether a new account with this address would be an owner: an OWNER_EMAILS address, or with
 * that empty the very first account. Such an account needs a proof (see handlers/signup.ts).
 */
export async function wouldBeOwner(db: Db | Tx, email: string): Promise<boolean> {
  const { OWNER_EMAILS } = env();
  return OWNER_EMAILS.length > 0 ? OWNER_EMAILS.includes(email) : (await countUsers(db)) === 0;
}

/** Whether an owner account that proved itself exists (after which the setup token is spent). */
export async function ownerExists(db: Db | Tx): Promise<boolean> {
  const { OWNER_EMAILS } = env();
  const confirmed = isNotNull(authUsers.emailConfirmedAt);
  const [row] = await db
    .select({ value: count() })
    .from(authUsers)
    .where(
      OWNER_EMAILS.length > 0 ? and(confirmed, inArray(authUsers.email, OWNER_EMAILS)) : confirmed,
    );
  return (row?.value ?? 0) > 0;
}

export function setupTokenRequired(): AuthServiceError {
  return new AuthServiceError(
    403,
    "setup_token_required",
    "Creating the owner account needs the setup link printed in the server log at start.",
  );
}

export function signupDisabled(): AuthServiceError {
  return new AuthServiceError(422, "signup_disabled", "Signups not allowed for this instance");
}

export async function countUsers(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(authUsers);
  return row?.value ?? 0;
}

/** Serializes concurrent sign-ups so the "first account" rule cannot admit two owners. */
export async function lockSignups(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301)`);
}

type NewUser = {
  email: string;
  /** False for an owner address nobody proved yet: no sign-in until its link is opened. */
  confirmed?: boolean;
  passwordHash: string | null;
  provider: "email" | "google";
  providerId?: string;
  identityData?: Record<string, unknown>;
  userMetadata?: Record<string, unknown>;
};

export async function createUser(tx: Tx, input: NewUser): Promise<AuthUserRow> {
  const id = randomUUID();
  const now = new Date();
  const [user] = await tx
    .insert(authUsers)
    .values({
      id,
      email: input.email,
      encryptedPassword: input.passwordHash,
      emailConfirmedAt: input.confirmed === false ? null : now,
      appMetadata: { provider: input.provider, providers: [input.provider] },
      userMetadata: input.userMetadata ?? {},
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(authIdentities).values({
    id: randomUUID(),
    userId: id,
    provider: input.provider,
    providerId: input.providerId ?? id,
    identityData: input.identityData ?? { sub: id, email: input.email, email_verified: false },
    createdAt: now,
    updatedAt: now,
  });
  return user!;
}

export async function listIdentities(db: Db | Tx, userId: string): Promise<IdentityRow[]> {
  return db.select().from(authIdentities).where(eq(authIdentities.userId, userId));
}

const iso = (value: Date | null) => value?.toISOString() ?? undefined;

/** The user object GoTrue returns. */
export function serializeUser(user: AuthUserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: "",
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: identity.userId,
      identity_data: identity.identityData,
      provider: identity.provider,
      last_sign_in_at: iso(identity.lastSignInAt),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
      email: user.email,
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export type SerializedUser = ReturnType<typeof serializeUser>;
