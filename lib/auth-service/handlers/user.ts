import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { authSessions, authUsers, type AuthUserRow } from "@/models";
import { AuthServiceError, invalidInput } from "../errors";
import { readJsonBody, respondWithJson } from "../http";
import { hashPassword, validatePassword, verifyPassword } from "../passwords";
import { checkAccount, takeRateLimit, recordFailure } from "../rate-limit";
import { endSessions } from "../sessions";
import type { Amr } from "../tokens";
import { listIdentities, serializeUser } from "../users";
import { authenticateBearer } from "../verify";

/** GET /user */
export async function handleGetUser(request: Request): Promise<Response> {
  const { user } = await authenticateBearer(request);
  const db = await getDb();
  return respondWithJson(request, serializeUser(user, await listIdentities(db, user.id)));
}

/** A sign-in this recent may change the password without repeating the current one. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * GoTrue's secure password change: a new password needs the current one (`current_password`),
 * or a session that signed in with a password or Google moments ago, or a reset link's session,
 * which may set it once. Wrong current passwords count towards the account's sign-in back-off
 * like wrong sign-ins.
 */
async function assertMayChangePassword(
  request: Request,
  user: AuthUserRow,
  amr: Amr,
  currentPassword: unknown,
): Promise<void> {
  if (currentPassword !== undefined) {
    if (typeof currentPassword !== "string" || currentPassword === "")
      throw invalidInput("current_password must be a string");
    await checkAccount(request, user.email);
    if (await verifyPassword(currentPassword, user.encryptedPassword)) return;
    await recordFailure(user.email);
    throw new AuthServiceError(400, "current_password_mismatch", "Current password is incorrect.");
  }
  const latest = amr.reduce<Amr[number] | undefined>(
    (newest, entry) => (!newest || entry.timestamp > newest.timestamp ? entry : newest),
    undefined,
  );
  if (latest?.method === "recovery") return;
  const fresh = latest && Date.now() - latest.timestamp * 1000 < FRESH_SIGN_IN_MS;
  if (fresh && (latest.method === "password" || latest.method === "oauth")) return;
  throw new AuthServiceError(
    400,
    "current_password_required",
    "Current password required when setting new password.",
  );
}

/** PUT /user: a new password and/or metadata. A password change ends the user's other sessions. */
export async function handleUpdateUser(request: Request): Promise<Response> {
  await takeRateLimit(request, "updateUser");
  const { user, session } = await authenticateBearer(request);
  const body = await readJsonBody(request);
  if (body.email !== undefined && body.email !== user.email)
    throw invalidInput("Changing the e-mail address is not supported");
  const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
  if (body.password !== undefined) {
    await assertMayChangePassword(request, user, session.amr, body.current_password);
    const password = await validatePassword(body.password);
    if (await verifyPassword(password, user.encryptedPassword))
      throw new AuthServiceError(
        422,
        "same_password",
        "New password should be different from the old password.",
      );
    changes.encryptedPassword = await hashPassword(password);
  }
  if (body.data !== undefined) {
    if (typeof body.data !== "object" || body.data === null || Array.isArray(body.data))
      throw invalidInput("data must be an object");
    changes.userMetadata = { ...user.userMetadata, ...(body.data as Record<string, unknown>) };
  }
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(authUsers)
      .set(changes)
      .where(eq(authUsers.id, user.id))
      .returning();
    if (changes.encryptedPassword) {
      await endSessions(tx, user.id, "others", session.id);
      // A reset link's session sets the password once: its "recovery" becomes GoTrue's "otp"
      // (an e-mailed one-time link), which never counts as a fresh sign-in.
      const amr = session.amr.map((entry) =>
        entry.method === "recovery" ? { ...entry, method: "otp" } : entry,
      );
      await tx
        .update(authSessions)
        .set({ amr, updatedAt: new Date() })
        .where(eq(authSessions.id, session.id));
    }
    return row!;
  });
  return respondWithJson(request, serializeUser(updated, await listIdentities(db, user.id)));
}
