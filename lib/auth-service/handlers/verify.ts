import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { authOneTimeTokens, authUsers } from "@/models";
import { readSessionContext } from "../http";
import { issueAuthCode } from "../pkce";
import { consumeRateLimit } from "../rate-limit";
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
  consumeRateLimit(request, "verify");
  const token = url.searchParams.get("token");
  if (!token || url.searchParams.get("type") !== "recovery")
    return redirectWith(redirectTo, EXPIRED_LINK, "query");

  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(authOneTimeTokens)
      .where(
        and(
          eq(authOneTimeTokens.tokenHash, hashToken(token)),
          eq(authOneTimeTokens.tokenType, "recovery"),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() < Date.now()) return null;
    const [user] = await tx
      .update(authUsers)
      .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(eq(authUsers.id, row.userId))
      .returning();
    if (!user) return null;
    if (row.flowStateId)
      return { kind: "pkce" as const, code: await issueAuthCode(tx, row.flowStateId, user.id) };
    const session = await startSession(tx, user, "recovery", readSessionContext(request));
    return { kind: "implicit" as const, session };
  });

  if (!result) return redirectWith(redirectTo, EXPIRED_LINK, "query");
  if (result.kind === "pkce") return redirectWith(redirectTo, { code: result.code }, "query");
  const { access_token, refresh_token, expires_in, expires_at, token_type } = result.session;
  return redirectWith(
    redirectTo,
    { access_token, expires_at, expires_in, refresh_token, token_type, type: "recovery" },
    "fragment",
  );
}
