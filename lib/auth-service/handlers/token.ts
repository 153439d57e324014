import "server-only";
import { getDb } from "@/lib/db";
import { AuthServiceError, invalidInput } from "../errors";
import { readJsonBody, readSessionContext, readString, respondWithJson } from "../http";
import { verifyPassword } from "../passwords";
import { exchangeAuthCode } from "../pkce";
import { checkAccount, takeRateLimit, recordProof, recordFailure } from "../rate-limit";
import { rotateRefreshToken } from "../refresh";
import { startSession } from "../sessions";
import { findUserByEmail } from "../users";

/** POST /token?grant_type=password|refresh_token|pkce */
export async function handleToken(request: Request, url: URL): Promise<Response> {
  const grant = url.searchParams.get("grant_type");
  switch (grant) {
    case "password": {
      await takeRateLimit(request, "password");
      return respondWithJson(
        request,
        await signInWithPassword(request, await readJsonBody(request)),
      );
    }
    case "refresh_token": {
      // Its own budget: password guesses from the same address never starve a refresh.
      await takeRateLimit(request, "refresh");
      const token = readString(await readJsonBody(request), "refresh_token");
      if (!token) throw invalidInput("Refresh Token is required");
      const session = await rotateRefreshToken(token, request);
      await recordProof(request, session.user.email);
      return respondWithJson(request, session);
    }
    case "pkce": {
      await takeRateLimit(request, "pkce");
      const body = await readJsonBody(request);
      const authCode = readString(body, "auth_code");
      const verifier = readString(body, "code_verifier");
      if (!authCode || !verifier)
        throw invalidInput("invalid request: both auth code and code verifier should be non-empty");
      const session = await exchangeAuthCode(authCode, verifier, request);
      await recordProof(request, session.user.email);
      return respondWithJson(request, session);
    }
    default:
      await takeRateLimit(request, "password");
      throw new AuthServiceError(400, "unsupported_grant_type", "unsupported_grant_type");
  }
}

async function signInWithPassword(request: Request, body: Record<string, unknown>) {
  const email = readString(body, "email")?.trim().toLowerCase();
  const password = readString(body, "password");
  if (!email) throw invalidInput("missing email or phone");
  if (!password) throw invalidInput("missing password");
  await checkAccount(request, email);
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  // Unknown address and wrong password answer alike, so the form cannot be used to find accounts.
  if (!(await verifyPassword(password, user?.encryptedPassword ?? null)) || !user) {
    await recordFailure(email);
    throw new AuthServiceError(400, "invalid_credentials", "Invalid login credentials");
  }
  await recordProof(request, email);
  // GoTrue's order: only after the password matched, so it tells nothing to a guesser.
  if (!user.emailConfirmedAt)
    throw new AuthServiceError(400, "email_not_confirmed", "Email not confirmed");
  const session = await db.transaction((tx) =>
    startSession(tx, user, "password", readSessionContext(request)),
  );
  return { ...session, weak_password: null };
}
