import { createPublicKey, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from "jose";

// Access tokens an attacker could present, built from a real owner token: everything about them
// is right (subject, live session id, audience, future expiry) except the one flaw each is named
// after, so only signature, algorithm or expiry checking can stop them.

export type ForgedToken = { name: string; token: string };

const encode = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A JWT assembled by hand (header and payload as given, signature as given). */
function rawJwt(header: object, payload: object, signature = ""): string {
  return `${encode(header)}.${encode(payload)}.${signature}`;
}

async function signJwt(
  payload: JWTPayload,
  key: CryptoKey | Uint8Array,
  header: { alg: string; kid?: string },
) {
  return new SignJWT(payload).setProtectedHeader({ typ: "JWT", ...header }).sign(key);
}

/**
 * The flawed tokens. `siteKeyFile` is DATA_DIR/auth/jwt-signing-key.json (the private key, used
 * only for the expired tokens), `jwksText` the exact body of /auth/v1/.well-known/jwks.json.
 */
export async function forgeTokens(options: {
  ownerToken: string;
  visitorToken: string;
  siteKeyFile: string;
  jwksText: string;
}): Promise<ForgedToken[]> {
  const claims = decodeJwt(options.ownerToken);
  const now = Math.floor(Date.now() / 1000);
  const fresh = { ...claims, iat: now, exp: now + 3600 };
  const siteJwk = JSON.parse(fs.readFileSync(options.siteKeyFile, "utf8")) as JWK;
  const kid = siteJwk.kid!;
  const siteKey = (await importJWK(siteJwk, "ES256")) as CryptoKey;
  const { privateKey: otherKey } = await generateKeyPair("ES256");
  const publicJwk = (JSON.parse(options.jwksText) as { keys: JWK[] }).keys[0]!;
  const publicKey = createPublicKey({
    key: publicJwk as import("node:crypto").JsonWebKey,
    format: "jwk",
  });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(publicJwk.x!, "base64url"),
    Buffer.from(publicJwk.y!, "base64url"),
  ]);
  // HS256 "keys" an attacker can derive from what the site publishes.
  const publicSecrets: [string, Uint8Array][] = [
    ["JWK JSON", Buffer.from(JSON.stringify(publicJwk))],
    ["JWKS body", Buffer.from(options.jwksText)],
    ["SPKI PEM", Buffer.from(publicKey.export({ type: "spki", format: "pem" }))],
    ["SPKI DER", publicKey.export({ type: "spki", format: "der" })],
    ["EC point", point],
  ];
  const visitor = options.visitorToken.split(".");
  const ownerSignature = options.ownerToken.split(".")[2]!;
  const tokens: ForgedToken[] = [
    {
      name: "expired a moment ago (site key)",
      token: await signJwt({ ...claims, iat: now - 3602, exp: now - 2 }, siteKey, {
        alg: "ES256",
        kid,
      }),
    },
    {
      name: "expired an hour ago (site key)",
      token: await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, siteKey, {
        alg: "ES256",
        kid,
      }),
    },
    {
      name: "another ES256 key, the site's kid",
      token: await signJwt(fresh, otherKey, { alg: "ES256", kid }),
    },
    {
      name: "another ES256 key, its own kid",
      token: await signJwt(fresh, otherKey, { alg: "ES256", kid: randomUUID() }),
    },
    { name: "another ES256 key, no kid", token: await signJwt(fresh, otherKey, { alg: "ES256" }) },
    { name: "alg none", token: rawJwt({ alg: "none", typ: "JWT", kid }, fresh) },
    { name: "alg None", token: rawJwt({ alg: "None", typ: "JWT" }, fresh) },
    {
      name: "alg none with the real signature",
      token: rawJwt({ alg: "none", typ: "JWT", kid }, fresh, ownerSignature),
    },
    {
      name: "visitor's signature under the owner's claims",
      token: `${visitor[0]}.${encode({ ...decodeJwt(options.visitorToken), ...claims })}.${visitor[2]}`,
    },
    { name: "not a JWT", token: "not-a-jwt" },
  ];
  for (const [label, secret] of publicSecrets)
    tokens.push({
      name: `HS256 keyed with the public ${label}`,
      token: await signJwt(fresh, secret, { alg: "HS256", kid }),
    });
  return tokens;
}

/** The session cookie(s) exactly as @supabase/ssr writes them (base64url, chunked when long). */
export function sessionCookie(
  accessToken: string,
  refreshToken: string,
  user: unknown,
  cookieName = "sb-localhost-auth-token",
): string {
  let expiresAt = Math.floor(Date.now() / 1000) + 3600;
  try {
    expiresAt = decodeJwt(accessToken).exp ?? expiresAt;
  } catch {
    // Not a JWT: the client would still send it as stored.
  }
  const session = {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user,
  };
  const value = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  return createChunks(cookieName, value)
    .map((chunk) => `${chunk.name}=${chunk.value}`)
    .join("; ");
}

export const siteKeyFile = (dataDir: string) => path.join(dataDir, "auth", "jwt-signing-key.json");
