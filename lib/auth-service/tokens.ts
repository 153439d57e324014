import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { env } from "@/lib/env";
import type { AuthUserRow } from "@/models";
import { JWT_ALGORITHM, getSigningKey } from "./keys";
import type { SerializedUser } from "./users";

export type Amr = { method: string; timestamp: number }[];

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A random opaque token (refresh tokens, recovery links, auth codes). */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

type TokenInput = {
  user: AuthUserRow;
  sessionId: string;
  amr: Amr;
  issuer: string;
};

/** Signs a GoTrue-shaped access token with the ES256 key, so clients can verify it via JWKS. */
export async function signAccessToken({ user, sessionId, amr, issuer }: TokenInput) {
  const { privateKey, kid } = await getSigningKey();
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresIn = env().AUTH_JWT_EXPIRY;
  const expiresAt = issuedAt + expiresIn;
  const token = await new SignJWT({
    email: user.email,
    phone: "",
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: "authenticated",
    aal: "aal1",
    amr,
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT", kid })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(privateKey);
  return { token, expiresAt, expiresIn };
}

/** The session body of /token, /signup and the implicit-flow redirect. */
export async function buildSessionResponse(
  input: TokenInput & { refreshToken: string; serializedUser: SerializedUser },
) {
  const { token, expiresAt, expiresIn } = await signAccessToken(input);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: input.refreshToken,
    user: input.serializedUser,
  };
}
