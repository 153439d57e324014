import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import { after } from "next/server";
import { getDb } from "@/lib/db";
import { lockRow } from "@/lib/db/rows";
import { getSiteSettings } from "@/lib/data/settings";
import { authOneTimeTokens, authUsers } from "@/models";
import { readJsonBody, readSiteOrigin, respondWithJson } from "../http";
import { buildRecoveryMail, deliverMail } from "../mail";
import { addChallenge, createFlowState, readChallenge, type Challenge } from "../pkce";
import { takeRateLimit } from "../rate-limit";
import { resolveRedirect } from "../redirects";
import { hashToken, newOpaqueToken } from "../tokens";
import { findUserByEmail, normalizeEmail } from "../users";

export const RECOVERY_TTL_MINUTES = 60;
/** At most one mail per account per minute, however many requests ask for one. */
export const RESEND_INTERVAL_S = 60;
/** Links of one account that stay valid together; a newer one beyond this retires the oldest. */
const MAX_LIVE_LINKS = 3;

type RecoveryRequest = {
  email: string;
  challenge: Challenge;
  redirectTo: string;
  siteOrigin: string;
};

/**
 * POST /recover: answers `{}` at once, for every well-formed request: known or unknown address,
 * first request or one within the cooldown. The lookup, the link and the mail happen after the
 * answer, so neither the answer nor its timing tells anyone which accounts exist.
 */
export async function handleRecover(request: Request, url: URL): Promise<Response> {
  await takeRateLimit(request, "recover");
  const body = await readJsonBody(request);
  const recovery: RecoveryRequest = {
    email: normalizeEmail(body.email),
    challenge: readChallenge(body.code_challenge, body.code_challenge_method),
    redirectTo: resolveRedirect(url.searchParams.get("redirect_to"), request),
    siteOrigin: readSiteOrigin(request),
  };
  const task = () =>
    sendRecovery(recovery).catch((error: unknown) =>
      console.error("Password reset mail failed:", error),
    );
  // After the answer has gone out: the embedded database works on this thread, so even a lookup
  // started before the answer is sent would delay it for known addresses only.
  try {
    after(task);
  } catch {
    setTimeout(task, 0); // outside a request (in-process callers)
  }
  return respondWithJson(request, {});
}

/**
 * Mails a single-use link unless the account got one less than RESEND_INTERVAL_S ago. Earlier
 * links stay valid until they expire (a stranger asking again cannot cancel the owner's link).
 * supabase-js stores a new PKCE verifier with every request, so the new request's challenge is
 * also accepted by the links still pending: a second "Forgot password?" in the same browser does
 * not break the link already in the inbox. An extra challenge gives nobody a session: that still
 * needs the code, which only the link's redirect carries.
 */
async function sendRecovery({ email, challenge, redirectTo, siteOrigin }: RecoveryRequest) {
  const db = await getDb();
  if (!(await findUserByEmail(db, email))) return;
  const token = newOpaqueToken();
  const sent = await db.transaction(async (tx) => {
    const user = await lockRow(tx, authUsers, authUsers.email, email);
    if (!user) return false;
    const now = Date.now();
    // The user's recovery links that expired (lte) or are still pending (gt) at `now`.
    const links = (when: typeof lte) =>
      and(
        eq(authOneTimeTokens.userId, user.id),
        eq(authOneTimeTokens.tokenType, "recovery"),
        when(authOneTimeTokens.expiresAt, new Date(now)),
      );
    await tx.delete(authOneTimeTokens).where(links(lte));
    const pending = await tx
      .select()
      .from(authOneTimeTokens)
      .where(links(gt))
      .orderBy(asc(authOneTimeTokens.createdAt));
    const newFlow = (code: Challenge) =>
      createFlowState(tx, {
        userId: user.id,
        method: "recovery",
        provider: "email",
        challenge: code,
        redirectTo,
      });
    if (challenge) {
      for (const link of pending) {
        if (link.flowStateId) {
          await addChallenge(tx, link.flowStateId, challenge);
          continue;
        }
        // A link asked for without PKCE (a script, say) would hand this browser tokens it
        // cannot use: it becomes a PKCE link for this request's challenge.
        const flow = await newFlow(challenge);
        await tx
          .update(authOneTimeTokens)
          .set({ flowStateId: flow.id })
          .where(eq(authOneTimeTokens.id, link.id));
      }
    }
    const waited = user.recoverySentAt ? now - user.recoverySentAt.getTime() : Infinity;
    if (waited < RESEND_INTERVAL_S * 1000) return false;

    const retired = pending.slice(0, Math.max(0, pending.length - (MAX_LIVE_LINKS - 1)));
    if (retired.length > 0)
      await tx.delete(authOneTimeTokens).where(
        inArray(
          authOneTimeTokens.id,
          retired.map((link) => link.id),
        ),
      );
    const flow = challenge ? await newFlow(challenge) : null;
    await tx.insert(authOneTimeTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenType: "recovery",
      tokenHash: hashToken(token),
      flowStateId: flow?.id ?? null,
      expiresAt: new Date(now + RECOVERY_TTL_MINUTES * 60_000),
    });
    await tx
      .update(authUsers)
      .set({ recoverySentAt: new Date(now) })
      .where(eq(authUsers.id, user.id));
    return true;
  });
  if (!sent) return;

  const link = new URL("/auth/v1/verify", siteOrigin);
  link.search = new URLSearchParams({
    token,
    type: "recovery",
    redirect_to: redirectTo,
  }).toString();
  const { ownerName } = await getSiteSettings();
  const mail = buildRecoveryMail(email, ownerName, link.href, RECOVERY_TTL_MINUTES);
  const delivery = await deliverMail(mail, siteOrigin);
  if (delivery.via !== "outbox") return;
  // A production log is read by more people and kept longer than the link may live: it names
  // only the file. In development the link is printed for convenience.
  if (process.env.NODE_ENV === "production")
    console.info(`Password reset mail for ${email} saved to ${delivery.file} (no SMTP_URL set)`);
  else console.info(`Password reset for ${email} (mail saved to ${delivery.file}): ${link.href}`);
}
