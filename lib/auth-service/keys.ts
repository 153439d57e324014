import "server-only";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { env } from "@/lib/env";

export const JWT_ALGORITHM = "ES256";

export type SigningKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
};

const cache = new Map<string, Promise<SigningKey>>();

/** Where the private key lives: inside DATA_DIR, readable by the site's user only. */
export function signingKeyPath(dataDir = env().DATA_DIR): string {
  return path.join(dataDir, "auth", "jwt-signing-key.json");
}

async function createKeyFile(file: string): Promise<void> {
  const { privateKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: JWT_ALGORITHM };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // "wx": if two workers race on first start, exactly one key wins and both use it.
    fs.writeFileSync(file, JSON.stringify(jwk, null, 2), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

async function loadKey(file: string): Promise<SigningKey> {
  if (!fs.existsSync(file)) await createKeyFile(file);
  const jwk = JSON.parse(fs.readFileSync(file, "utf8")) as JWK;
  if (!jwk.kid || !jwk.d)
    throw new Error(`The signing key ${file} is not a private JWK with a kid`);
  const privateKey = (await importJWK(jwk, JWT_ALGORITHM)) as CryptoKey;
  const { kty, crv, x, y, kid } = jwk;
  const publicJwk = { kty, crv, x, y, kid, alg: JWT_ALGORITHM, use: "sig" };
  const publicKey = (await importJWK(publicJwk, JWT_ALGORITHM)) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk };
}

/** The ES256 key that signs access tokens, created under DATA_DIR on first use. */
export function getSigningKey(): Promise<SigningKey> {
  const file = signingKeyPath();
  let pending = cache.get(file);
  if (!pending) {
    pending = loadKey(file);
    pending.catch(() => cache.delete(file));
    cache.set(file, pending);
  }
  return pending;
}

/** The public keys as a JWK Set, as served at /auth/v1/.well-known/jwks.json. */
export async function getJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await getSigningKey()).publicJwk] };
}
