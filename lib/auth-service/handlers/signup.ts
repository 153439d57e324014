import "server-only";
import { getDb } from "@/lib/db";
import { AuthServiceError } from "../errors";
import { readJsonBody, readSessionContext, respondWithJson } from "../http";
import { hashPassword, validatePassword } from "../passwords";
import { consumeRateLimit } from "../rate-limit";
import { startSession } from "../sessions";
import {
  assertSignupAllowed,
  createUser,
  findUserByEmail,
  lockSignups,
  normalizeEmail,
} from "../users";

/** POST /signup: e-mail accounts are confirmed at once (the owner signs up on their own site). */
export async function handleSignup(request: Request): Promise<Response> {
  consumeRateLimit(request, "signup");
  const body = await readJsonBody(request);
  const email = normalizeEmail(body.email);
  const password = validatePassword(body.password);
  const metadata = isPlainObject(body.data) ? body.data : {};
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const session = await db.transaction(async (tx) => {
    await lockSignups(tx);
    await assertSignupAllowed(tx, email);
    if (await findUserByEmail(tx, email))
      throw new AuthServiceError(422, "user_already_exists", "User already registered");
    const user = await createUser(tx, {
      email,
      passwordHash,
      provider: "email",
      userMetadata: metadata,
    });
    return startSession(tx, user, "password", readSessionContext(request));
  });
  return respondWithJson(request, session);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
