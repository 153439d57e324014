import "server-only";
import { getDb } from "@/lib/db";
import { AuthServiceError, invalidInput } from "../errors";
import { readJsonBody, readSessionContext, readString, respondWithJson } from "../http";
import { verifyPassword } from "../passwords";
import { exchangeAuthCode } from "../pkce";
import { consumeRateLimit } from "../rate-limit";
import { rotateRefreshToken } from "../refresh";
import { startSession } from "../sessions";
import { findUserByEmail } from "../users";

/** POST /token?grant_type=password|refresh_token|pkce */
export async function handleToken(request: Request, url: URL): Promise<Response> {
  consumeRateLimit(request, "token");
  const body = await readJsonBody(request);
  switch (url.searchParams.get("grant_type")) {
    case "password":
      return respondWithJson(request, await signInWithPassword(request, body));
    case "refresh_token": {
      const token = readString(body, "refresh_token");
      if (!token) throw invalidInput("Refresh Token is required");
      return respondWithJson(request, await rotateRefreshToken(token, request));
    }
    case "pkce": {
      const authCode = readString(body, "auth_code");
      const verifier = readString(body, "code_verifier");
      if (!authCode || !verifier)
        throw invalidInput("invalid request: both auth code and code verifier should be non-empty");
      return respondWithJson(request, await exchangeAuthCode(authCode, verifier, request));
    }
    default:
      throw new AuthServiceError(400, "unsupported_grant_type", "unsupported_grant_type");
  }
}

async function signInWithPassword(request: Request, body: Record<string, unknown>) {
  const email = readString(body, "email")?.trim().toLowerCase();
  const password = readString(body, "password");
  if (!email) throw invalidInput("missing email or phone");
  if (!password) throw invalidInput("missing password");
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  // Unknown address and wrong password answer alike, so the form cannot be used to find accounts.
  if (!(await verifyPassword(password, user?.encryptedPassword ?? null)) || !user)
    throw new AuthServiceError(400, "invalid_credentials", "Invalid login credentials");
  const session = await db.transaction((tx) =>
    startSession(tx, user, "password", readSessionContext(request)),
  );
  return { ...session, weak_password: null };
}
