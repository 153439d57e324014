import "server-only";
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import { getDb } from "@/lib/db";
import { AuthServiceError } from "./errors";
import { readBearerToken } from "./http";
import { JWT_ALGORITHM, getVerificationKey } from "./keys";
import { findSessionWithUser } from "./sessions";

export type AccessClaims = JWTPayload & { sub: string; session_id: string; email?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unverifiable = () =>
  new AuthServiceError(
    403,
    "bad_jwt",
    "invalid JWT: unable to parse or verify signature, token is malformed or unverifiable",
  );

/**
 * Checks signature, expiry and audience of an access token issued by this service, with the key
 * its `kid` names: after a rotation (`npm run auth:rotate-key`) tokens of the previous key verify
 * until they expire.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw unverifiable();
  }
  // Outside the try: a database that cannot be read is a 503, not a bad token.
  const key = await getVerificationKey(kid);
  if (!key) throw unverifiable();
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [JWT_ALGORITHM],
      audience: "authenticated",
    });
    if (typeof payload.sub !== "string" || !UUID.test(payload.sub))
      throw new errors.JWTInvalid("sub claim is not a user id");
    if (typeof payload.session_id !== "string" || !UUID.test(payload.session_id))
      throw new errors.JWTInvalid("session_id claim is missing");
    return payload as AccessClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new AuthServiceError(403, "bad_jwt", "invalid JWT: token is expired");
    throw unverifiable();
  }
}

/**
 * The signed-in user behind a request's Bearer token. Beyond the signature, the session must
 * still exist: a signed-out token is refused even before it expires.
 */
export async function authenticateBearer(request: Request) {
  const token = readBearerToken(request);
  if (!token)
    throw new AuthServiceError(
      401,
      "no_authorization",
      "This endpoint requires a valid Bearer token",
    );
  const claims = await verifyAccessToken(token);
  const found = await findSessionWithUser(await getDb(), claims.session_id);
  if (!found || found.session.userId !== claims.sub)
    throw new AuthServiceError(
      403,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    );
  const { session, user } = found;
  if (!user)
    throw new AuthServiceError(403, "user_not_found", "User from sub claim in JWT does not exist");
  return { claims, session, user };
}
