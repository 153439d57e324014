import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { authRefreshTokens, authSessions, authUsers, type AuthUserRow } from "@/models";
import { buildSessionResponse, hashToken, newOpaqueToken, type Amr } from "./tokens";
import { retireSetupToken, setupTokenFileExists } from "./setup-token";
import { listIdentities, ownerExists, serializeUser } from "./users";

export type SignInMethod = "password" | "recovery" | "oauth" | "otp";

/** Starts a session for the user: a sessions row, a first refresh token and an access token. */
export async function startSession(
  tx: Tx,
  user: AuthUserRow,
  method: SignInMethod,
  context: { issuer: string; userAgent: string | null },
) {
  const now = new Date();
  const sessionId = randomUUID();
  const amr: Amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  await tx.insert(authSessions).values({
    id: sessionId,
    userId: user.id,
    amr,
    userAgent: context.userAgent,
    createdAt: now,
    updatedAt: now,
  });
  const refreshToken = await insertRefreshToken(tx, sessionId, user.id, null);
  const [signedIn] = await tx
    .update(authUsers)
    .set({ lastSignInAt: now })
    .where(eq(authUsers.id, user.id))
    .returning();
  // Every way an owner comes to exist ends in a session (the setup token, a confirmed OWNER_EMAILS
  // sign-up or reset, Google): the spent token's file goes at the first one.
  if (setupTokenFileExists() && (await ownerExists(tx))) retireSetupToken();
  return respondWithSession(tx, signedIn!, sessionId, amr, refreshToken, context.issuer);
}

export async function insertRefreshToken(
  tx: Db | Tx,
  sessionId: string,
  userId: string,
  parentHash: string | null,
): Promise<string> {
  const token = newOpaqueToken();
  await tx
    .insert(authRefreshTokens)
    .values({ tokenHash: hashToken(token), sessionId, userId, parentHash });
  return token;
}

export async function respondWithSession(
  db: Db | Tx,
  user: AuthUserRow,
  sessionId: string,
  amr: Amr,
  refreshToken: string,
  issuer: string,
) {
  const serializedUser = serializeUser(user, await listIdentities(db, user.id));
  return buildSessionResponse({ user, sessionId, amr, issuer, refreshToken, serializedUser });
}

/**
 * A session and its user in one query (every authenticated request asks for both): `user` is null
 * when the session's account is gone.
 */
export async function findSessionWithUser(db: Db | Tx, sessionId: string) {
  const [row] = await db
    .select({ session: authSessions, user: authUsers })
    .from(authSessions)
    .leftJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

export async function findSession(db: Db | Tx, sessionId: string) {
  const [session] = await db
    .select()
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return session ?? null;
}

/** Ends sessions; their refresh tokens go with them (foreign key cascade). */
export async function endSessions(
  db: Db | Tx,
  userId: string,
  scope: "global" | "local" | "others",
  currentSessionId: string,
): Promise<void> {
  const condition =
    scope === "global"
      ? eq(authSessions.userId, userId)
      : scope === "local"
        ? eq(authSessions.id, currentSessionId)
        : and(eq(authSessions.userId, userId), ne(authSessions.id, currentSessionId));
  await db.delete(authSessions).where(condition);
}
