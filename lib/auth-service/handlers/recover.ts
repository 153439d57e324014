import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { getSiteSettings } from "@/lib/data/settings";
import { authFlowStates, authOneTimeTokens, authUsers } from "@/models";
import { AuthServiceError } from "../errors";
import { readJsonBody, readSiteOrigin, respondWithJson } from "../http";
import { buildRecoveryMail, deliverMail } from "../mail";
import { createFlowState, readChallenge } from "../pkce";
import { consumeRateLimit } from "../rate-limit";
import { resolveRedirect } from "../redirects";
import { hashToken, newOpaqueToken } from "../tokens";
import { findUserByEmail, normalizeEmail } from "../users";

export const RECOVERY_TTL_MINUTES = 60;
const RESEND_INTERVAL_S = 60;

/**
 * POST /recover: mails a single-use link. Unknown addresses get the same empty answer, so the
 * endpoint cannot tell anyone which accounts exist.
 */
export async function handleRecover(request: Request, url: URL): Promise<Response> {
  consumeRateLimit(request, "recover");
  const body = await readJsonBody(request);
  const email = normalizeEmail(body.email);
  const challenge = readChallenge(body.code_challenge, body.code_challenge_method);
  const redirectTo = resolveRedirect(url.searchParams.get("redirect_to"), request);
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  if (!user) return respondWithJson(request, {});

  const waited = user.recoverySentAt
    ? (Date.now() - user.recoverySentAt.getTime()) / 1000
    : Infinity;
  if (waited < RESEND_INTERVAL_S) {
    const seconds = Math.ceil(RESEND_INTERVAL_S - waited);
    throw new AuthServiceError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${seconds} seconds.`,
    );
  }

  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    // A new link replaces any earlier one (with the PKCE flow it belonged to).
    await tx
      .delete(authFlowStates)
      .where(
        and(
          eq(authFlowStates.userId, user.id),
          eq(authFlowStates.authenticationMethod, "recovery"),
        ),
      );
    await tx
      .delete(authOneTimeTokens)
      .where(
        and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.tokenType, "recovery")),
      );
    const flow = challenge
      ? await createFlowState(tx, {
          userId: user.id,
          method: "recovery",
          provider: "email",
          challenge,
          redirectTo,
        })
      : null;
    await tx.insert(authOneTimeTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenType: "recovery",
      tokenHash: hashToken(token),
      flowStateId: flow?.id ?? null,
      expiresAt: new Date(Date.now() + RECOVERY_TTL_MINUTES * 60_000),
    });
    await tx.update(authUsers).set({ recoverySentAt: new Date() }).where(eq(authUsers.id, user.id));
  });

  const siteOrigin = readSiteOrigin(request);
  const link = new URL("/auth/v1/verify", siteOrigin);
  link.search = new URLSearchParams({
    token,
    type: "recovery",
    redirect_to: redirectTo,
  }).toString();
  const { ownerName } = await getSiteSettings();
  const mail = buildRecoveryMail(email, ownerName, link.href, RECOVERY_TTL_MINUTES);
  const delivery = await deliverMail(mail, siteOrigin);
  if (delivery.via === "outbox")
    console.info(`Password reset for ${email} (mail saved to ${delivery.file}): ${link.href}`);
  return respondWithJson(request, {});
}
