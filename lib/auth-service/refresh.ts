import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { lockRow } from "@/lib/db/rows";
import { env } from "@/lib/env";
import { authRefreshTokens, authSessions } from "@/models";
import { AuthServiceError } from "./errors";
import { readSessionContext } from "./http";
import { findSession, insertRefreshToken, respondWithSession } from "./sessions";
import { hashToken } from "./tokens";
import { findUserById } from "./users";

const notFound = () =>
  new AuthServiceError(
    400,
    "refresh_token_not_found",
    "Invalid Refresh Token: Refresh Token Not Found",
  );

/**
 * Single-use rotation: each refresh revokes the presented token and issues its child. Presenting
 * a revoked token after the grace window means it leaked, so the whole session is ended.
 */
export async function rotateRefreshToken(token: string, request: Request) {
  const tokenHash = hashToken(token);
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const row = await lockRow(tx, authRefreshTokens, authRefreshTokens.tokenHash, tokenHash);
      if (!row) throw notFound();
      const now = Date.now();
      // A just-rotated token stays usable for a moment (AUTH_REFRESH_REUSE_INTERVAL): two tabs,
      // or the proxy and the browser, refreshing at once both get a session, not a revocation.
      const graceMs = env().AUTH_REFRESH_REUSE_INTERVAL * 1000;
      if (row.revoked && now - row.updatedAt.getTime() > graceMs) {
        await tx.delete(authSessions).where(eq(authSessions.id, row.sessionId));
        return { reused: true } as const;
      }
      const session = await findSession(tx, row.sessionId);
      const user = await findUserById(tx, row.userId);
      if (!session || !user)
        throw new AuthServiceError(
          400,
          "session_not_found",
          "Invalid Refresh Token: Session Not Found",
        );
      if (!row.revoked) {
        await tx
          .update(authRefreshTokens)
          .set({ revoked: true, updatedAt: new Date(now) })
          .where(and(eq(authRefreshTokens.id, row.id), eq(authRefreshTokens.revoked, false)));
      }
      const next = await insertRefreshToken(tx, session.id, user.id, tokenHash);
      await tx
        .update(authSessions)
        .set({ refreshedAt: new Date(now), updatedAt: new Date(now) })
        .where(eq(authSessions.id, session.id));
      const { issuer } = readSessionContext(request);
      return {
        reused: false,
        session: await respondWithSession(tx, user, session.id, session.amr, next, issuer),
      } as const;
    })
    .then((result) => {
      // Thrown outside the transaction so the revocation above is committed, not rolled back.
      if (result.reused)
        throw new AuthServiceError(
          400,
          "refresh_token_already_used",
          "Invalid Refresh Token: Already Used",
        );
      return result.session;
    });
}
