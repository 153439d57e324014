import "server-only";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { getDb } from "@/lib/db";
import type { Tx } from "@/lib/db";
import { authFlowStates, authUsers, type AuthFlowStateRow } from "@/models";
import { AuthServiceError, invalidInput } from "./errors";
import { readSessionContext } from "./http";
import { startSession, type SignInMethod } from "./sessions";
import { findUserById } from "./users";

/** An auth code must be exchanged within this time after it was handed out. */
export const AUTH_CODE_TTL_MS = 300_000;

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export type Challenge = { challenge: string; method: "s256" | "plain" } | null;

/** Reads code_challenge + code_challenge_method; both or neither. */
export function readChallenge(challenge: unknown, method: unknown): Challenge {
  const hasChallenge = typeof challenge === "string" && challenge !== "";
  const hasMethod = typeof method === "string" && method !== "";
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod)
    throw invalidInput("PKCE flow requires code_challenge_method and code_challenge");
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain")
    throw invalidInput(`code challenge method not supported: ${method}`);
  if (!CHALLENGE.test(challenge)) throw invalidInput("invalid code_challenge format");
  return { challenge, method: normalized };
}

/** Flows older than any link or round trip can be (recovery links live an hour) are dropped. */
const FLOW_RETENTION_MS = 2 * 60 * 60_000;

export async function pruneFlowStates(tx: Tx): Promise<void> {
  await tx
    .delete(authFlowStates)
    .where(lt(authFlowStates.createdAt, new Date(Date.now() - FLOW_RETENTION_MS)));
}

type NewFlow = {
  userId: string | null;
  method: "recovery" | "oauth" | "email_signup";
  provider: string;
  challenge: Challenge;
  redirectTo: string;
  providerState?: string;
  providerNonce?: string;
  providerCodeVerifier?: string;
};

export async function createFlowState(tx: Tx, flow: NewFlow): Promise<AuthFlowStateRow> {
  await pruneFlowStates(tx);
  const [row] = await tx
    .insert(authFlowStates)
    .values({
      id: randomUUID(),
      userId: flow.userId,
      authenticationMethod: flow.method,
      providerType: flow.provider,
      codeChallenge: flow.challenge?.challenge ?? null,
      codeChallengeMethod: flow.challenge?.method ?? null,
      redirectTo: flow.redirectTo,
      providerState: flow.providerState ?? null,
      providerNonce: flow.providerNonce ?? null,
      providerCodeVerifier: flow.providerCodeVerifier ?? null,
    })
    .returning();
  return row!;
}

/** Completes a flow for a user: the client gets this code and exchanges it with its verifier. */
export async function issueAuthCode(tx: Tx, flowId: string, userId: string): Promise<string> {
  const code = randomUUID();
  await tx
    .update(authFlowStates)
    .set({ authCode: code, authCodeIssuedAt: new Date(), userId, updatedAt: new Date() })
    .where(eq(authFlowStates.id, flowId));
  return code;
}

/** Challenges one recovery flow accepts at most (see addChallenge). */
const MAX_CHALLENGES = 5;

/**
 * Lets a pending recovery flow also accept `challenge`: each "Forgot password?" stores a new
 * verifier in the browser, and the link already mailed must keep working with it. The challenges
 * are kept space-separated in code_challenge (a challenge never contains a space), the oldest
 * dropped past MAX_CHALLENGES; a flow of the other method is left alone.
 */
export async function addChallenge(tx: Tx, flowId: string, challenge: NonNullable<Challenge>) {
  const [flow] = await tx
    .select()
    .from(authFlowStates)
    .where(eq(authFlowStates.id, flowId))
    .limit(1);
  if (!flow?.codeChallenge || flow.codeChallengeMethod !== challenge.method) return;
  const challenges = flow.codeChallenge.split(" ");
  if (challenges.includes(challenge.challenge)) return;
  await tx
    .update(authFlowStates)
    .set({
      codeChallenge: [...challenges, challenge.challenge].slice(-MAX_CHALLENGES).join(" "),
      updatedAt: new Date(),
    })
    .where(eq(authFlowStates.id, flowId));
}

function matchesChallenge(flow: AuthFlowStateRow, verifier: string): boolean {
  const actual = Buffer.from(
    flow.codeChallengeMethod === "plain"
      ? verifier
      : createHash("sha256").update(verifier).digest("base64url"),
  );
  let matched = false;
  for (const expected of (flow.codeChallenge ?? "").split(" ").map((c) => Buffer.from(c))) {
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) matched = true;
  }
  return matched;
}

/** POST /token?grant_type=pkce: a code works once, within five minutes, with its verifier. */
export async function exchangeAuthCode(authCode: string, verifier: string, request: Request) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [flow] = await tx
      .delete(authFlowStates)
      .where(eq(authFlowStates.authCode, authCode))
      .returning();
    if (!flow || !flow.userId || !flow.authCodeIssuedAt)
      throw new AuthServiceError(
        404,
        "flow_state_not_found",
        "invalid flow state, no valid flow state found",
      );
    if (Date.now() - flow.authCodeIssuedAt.getTime() > AUTH_CODE_TTL_MS)
      throw new AuthServiceError(
        422,
        "flow_state_expired",
        "invalid flow state, flow state has expired",
      );
    if (!matchesChallenge(flow, verifier))
      throw new AuthServiceError(
        400,
        "bad_code_verifier",
        "code challenge does not match previously saved code verifier",
      );
    let user = await findUserById(tx, flow.userId);
    if (!user) throw new AuthServiceError(404, "user_not_found", "User not found");
    if (flow.authenticationMethod === "email_signup" && !user.emailConfirmedAt) {
      // The mailed link (the address) and this verifier (the browser that signed up) together.
      const [confirmed] = await tx
        .update(authUsers)
        .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(authUsers.id, user.id))
        .returning();
      user = confirmed ?? user;
    }
    const method: SignInMethod =
      flow.authenticationMethod === "recovery"
        ? "recovery"
        : flow.authenticationMethod === "email_signup"
          ? "otp"
          : "oauth";
    return startSession(tx, user, method, readSessionContext(request));
  });
}
