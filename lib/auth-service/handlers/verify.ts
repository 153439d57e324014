import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { authFlowStates, authOneTimeTokens, authUsers } from "@/models";
import { readSessionContext } from "../http";
import { issueAuthCode } from "../pkce";
import { takeRateLimit, recordProof } from "../rate-limit";
import { EXPIRED_LINK, redirectWith, resolveRedirect } from "../redirects";
import { startSession } from "../sessions";
import { hashToken } from "../tokens";

/**
 * GET /verify?token=&type=recovery&redirect_to= (the e-mailed link). The token works once. With
 * PKCE the browser gets `?code=` to exchange with its verifier; otherwise (implicit flow) the
 * session itself in the fragment, which never reaches a server log.
 */
export async function handleVerify(request: Request, url: URL): Promise<Response> {
  const redirectTo = resolveRedirect(url.searchParams.get("redirect_to"), request);
  await takeRateLimit(request, "verify");
  const token = url.searchParams.get("token");
  const type = url.searchParams.get("type");
  if (!token || (type !== "recovery" && type !== "signup"))
    return redirectWith(redirectTo, EXPIRED_LINK, "query");

  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(authOneTimeTokens)
      .where(
        and(
          eq(authOneTimeTokens.tokenHash, hashToken(token)),
          eq(authOneTimeTokens.tokenType, type),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() < Date.now()) return null;
    // A sign-up confirmation needs its PKCE flow: the exchange, not the link, confirms it.
    if (type === "signup" && !row.flowStateId) return null;
    const [user] = await tx
      .update(authUsers)
      .set(
        type === "recovery"
          ? { emailConfirmedAt: new Date(), updatedAt: new Date() }
          : { updatedAt: new Date() },
      )
      .where(eq(authUsers.id, row.userId))
      .returning();
    if (!user) return null;
    if (row.flowStateId) {
      // The flow's own redirect (checked when it was made) wins over the link's: a link mailed
      // for one request can end up serving another's PKCE flow (see handlers/recover.ts).
      const [flow] = await tx
        .select({ redirectTo: authFlowStates.redirectTo })
        .from(authFlowStates)
        .where(eq(authFlowStates.id, row.flowStateId));
      return {
        kind: "pkce" as const,
        email: user.email,
        redirectTo: flow?.redirectTo ?? redirectTo,
        code: await issueAuthCode(tx, row.flowStateId, user.id),
      };
    }
    const method = type === "recovery" ? "recovery" : "otp";
    const session = await startSession(tx, user, method, readSessionContext(request));
    return { kind: "implicit" as const, email: user.email, session };
  });

  if (!result) return redirectWith(redirectTo, EXPIRED_LINK, "query");
  // Opening the e-mailed link proves the account: this address passes its sign-in back-off.
  await recordProof(request, result.email);
  if (result.kind === "pkce")
    return redirectWith(result.redirectTo, { code: result.code }, "query");
  const { access_token, refresh_token, expires_in, expires_at, token_type } = result.session;
  return redirectWith(
    redirectTo,
    { access_token, expires_at, expires_in, refresh_token, token_type, type },
    "fragment",
  );
}
