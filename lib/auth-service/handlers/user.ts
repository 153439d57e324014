import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { authUsers } from "@/models";
import { AuthServiceError, invalidInput } from "../errors";
import { readJsonBody, respondWithJson } from "../http";
import { hashPassword, validatePassword, verifyPassword } from "../passwords";
import { consumeRateLimit } from "../rate-limit";
import { endSessions } from "../sessions";
import { listIdentities, serializeUser } from "../users";
import { authenticateBearer } from "../verify";

/** GET /user */
export async function handleGetUser(request: Request): Promise<Response> {
  const { user } = await authenticateBearer(request);
  const db = await getDb();
  return respondWithJson(request, serializeUser(user, await listIdentities(db, user.id)));
}

/** PUT /user: a new password and/or metadata. A password change ends the user's other sessions. */
export async function handleUpdateUser(request: Request): Promise<Response> {
  consumeRateLimit(request, "updateUser");
  const { user, session } = await authenticateBearer(request);
  const body = await readJsonBody(request);
  if (body.email !== undefined && body.email !== user.email)
    throw invalidInput("Changing the e-mail address is not supported");
  const changes: Partial<typeof authUsers.$inferInsert> = { updatedAt: new Date() };
  if (body.password !== undefined) {
    const password = validatePassword(body.password);
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
    if (changes.encryptedPassword) await endSessions(tx, user.id, "others", session.id);
    return row!;
  });
  return respondWithJson(request, serializeUser(updated, await listIdentities(db, user.id)));
}
