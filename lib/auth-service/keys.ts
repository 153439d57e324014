import "server-only";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { getDb, type Db } from "@/lib/db";
import { notifyInstances } from "@/lib/db/notify";
import { env } from "@/lib/env";
import { authSigningKeys } from "@/models";

export const JWT_ALGORITHM = "ES256";

export type SigningKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
};

/** The key that signs new tokens, and every key whose tokens still verify (the current one too). */
type KeySet = { current: SigningKey; all: Map<string, SigningKey> };

/**
 * Process-wide, on globalThis: Next.js bundles instrumentation (which hears of another server's
 * rotation, lib/startup/instance-sync.ts) apart from the route handlers, each with its own copy of
 * this module, so module variables would not be the same ones.
 */
const STATE = Symbol.for("portfolio.signingKeys");
type KeyState = {
  cache: Map<string, Promise<KeySet>>;
  loadedAt: number;
  unknownKidReloadAt: number;
};
const state: KeyState = ((globalThis as typeof globalThis & { [STATE]?: KeyState })[STATE] ??= {
  cache: new Map(),
  loadedAt: 0,
  unknownKidReloadAt: 0,
});
const cache = state.cache;

/** Where the private key lives on PGlite: inside DATA_DIR, readable by the site's user only. */
export function signingKeyPath(dataDir = env().DATA_DIR): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "auth", "jwt-signing-key.json");
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: JWT_ALGORITHM };
}

async function createKeyFile(file: string): Promise<void> {
  const jwk = await newPrivateJwk();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // "wx": if two workers race on first start, exactly one key wins and both use it.
    fs.writeFileSync(file, JSON.stringify(jwk, null, 2), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

async function importKey(jwk: JWK, where: string): Promise<SigningKey> {
  if (!jwk.kid || !jwk.d)
    throw new Error(`The signing key ${where} is not a private JWK with a kid`);
  const privateKey = (await importJWK(jwk, JWT_ALGORITHM)) as CryptoKey;
  const { kty, crv, x, y, kid } = jwk;
  const publicJwk = { kty, crv, x, y, kid, alg: JWT_ALGORITHM, use: "sig" };
  const publicKey = (await importJWK(publicJwk, JWT_ALGORITHM)) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk };
}

async function loadKeyFile(file: string): Promise<KeySet> {
  if (!fs.existsSync(file)) await createKeyFile(file);
  const key = await importKey(JSON.parse(fs.readFileSync(file, "utf8")) as JWK, file);
  return { current: key, all: new Map([[key.kid, key]]) };
}

// --- With DATABASE_URL: keys shared by every server of the database ---

/** Serialises key creation across servers: two starting together must not make two keys. */
const KEY_LOCK = sql`select pg_advisory_xact_lock(hashtext('portfolio.auth_signing_keys'))`;

/**
 * How long a replaced key still verifies, beyond its tokens' lifetime: AUTH_JWT_EXPIRY may differ
 * between servers for a moment (a rolling restart), and clocks a little.
 */
const RETIRED_KEY_MARGIN_MS = 5 * 60_000;
/** Keys replaced longer ago than the longest allowed token lifetime (7 days) are deleted. */
const MAX_TOKEN_LIFETIME_MS = 604_800_000;

/**
 * Adds a key in one transaction under an advisory lock. With `onlyIfNone`, only when the table is
 * empty (first start); otherwise it becomes the current key (a rotation), and keys replaced long
 * enough ago that no token of theirs can still be valid are deleted. Returns the new key's kid,
 * or null when another server made the first key already.
 */
async function insertKey(db: Db, { onlyIfNone }: { onlyIfNone: boolean }): Promise<string | null> {
  const jwk = await newPrivateJwk();
  return db.transaction(async (tx) => {
    await tx.execute(KEY_LOCK);
    const existing = await tx
      .select({ kid: authSigningKeys.kid, createdAt: authSigningKeys.createdAt })
      .from(authSigningKeys)
      .orderBy(desc(authSigningKeys.createdAt));
    if (onlyIfNone && existing.length > 0) return null;
    // The newest key replaced the one before it when it was made; clock_timestamp(), not now(),
    // so that a key made later in another transaction is always newer.
    await tx.insert(authSigningKeys).values({
      kid: jwk.kid!,
      privateJwk: jwk as Record<string, unknown>,
      createdAt: sql`clock_timestamp()`,
    });
    const current = existing[0];
    if (current) {
      await tx.execute(sql`delete from auth_signing_keys k where exists (
        select 1 from auth_signing_keys newer where newer.created_at > k.created_at
          and newer.created_at < clock_timestamp() - make_interval(secs => ${MAX_TOKEN_LIFETIME_MS / 1000}))`);
    }
    return jwk.kid!;
  });
}

/** The first key, unless a key exists (another server made it): its kid, or null. */
export function createFirstSigningKey(db: Db): Promise<string | null> {
  return insertKey(db, { onlyIfNone: true });
}

async function loadDatabaseKeys(): Promise<KeySet> {
  const db = await getDb();
  const read = () =>
    db
      .select()
      .from(authSigningKeys)
      .orderBy(desc(authSigningKeys.createdAt), desc(authSigningKeys.kid));
  let rows = await read();
  if (rows.length === 0) {
    await createFirstSigningKey(db);
    rows = await read();
  }
  const verifyFor = env().AUTH_JWT_EXPIRY * 1000 + RETIRED_KEY_MARGIN_MS;
  const keys: SigningKey[] = [];
  for (const [index, row] of rows.entries()) {
    // A key verifies while its successor is younger than a token's lifetime: tokens it signed
    // before it was replaced have not expired yet.
    const replacedAt = index === 0 ? null : rows[index - 1]!.createdAt.getTime();
    if (replacedAt !== null && Date.now() - replacedAt > verifyFor) break;
    keys.push(await importKey(row.privateJwk as JWK, `auth_signing_keys ${row.kid}`));
  }
  return { current: keys[0]!, all: new Map(keys.map((key) => [key.kid, key])) };
}

/**
 * A rotation on another server is heard through lib/db/notify.ts; without that message (the
 * listener reconnecting) the keys are read again after this long, and at once for a token
 * whose key this server does not know yet.
 */
const DATABASE_KEYS_TTL_MS = 60_000;
const UNKNOWN_KID_RELOAD_MS = 1000;

function keySet(): Promise<KeySet> {
  const config = env();
  const source = config.DATABASE_URL ? "database" : signingKeyPath(config.DATA_DIR);
  let pending = cache.get(source);
  if (pending && config.DATABASE_URL && Date.now() - state.loadedAt > DATABASE_KEYS_TTL_MS) {
    cache.delete(source);
    pending = undefined;
  }
  if (!pending) {
    pending = config.DATABASE_URL ? loadDatabaseKeys() : loadKeyFile(source);
    state.loadedAt = Date.now();
    pending.catch(() => cache.delete(source));
    cache.set(source, pending);
  }
  return pending;
}

/** Forgets the keys read from the database (another server rotated them). */
export function forgetSigningKeys(): void {
  cache.delete("database");
}

/**
 * The ES256 key that signs access tokens: with DATABASE_URL the newest of auth_signing_keys
 * (created on first use, once for all servers), otherwise the file under DATA_DIR.
 */
export async function getSigningKey(): Promise<SigningKey> {
  return (await keySet()).current;
}

/** The public key for a token's `kid`, or null when no key of this site has it. */
export async function getVerificationKey(kid: string | undefined): Promise<SigningKey | null> {
  let keys = await keySet();
  if (kid === undefined) return keys.current;
  let key = keys.all.get(kid);
  if (!key && env().DATABASE_URL && Date.now() - state.unknownKidReloadAt > UNKNOWN_KID_RELOAD_MS) {
    // Made by a rotation this server has not heard of yet.
    state.unknownKidReloadAt = Date.now();
    forgetSigningKeys();
    keys = await keySet();
    key = keys.all.get(kid);
  }
  return key ?? null;
}

/** The public keys as a JWK Set, as served at /auth/v1/.well-known/jwks.json: current first. */
export async function getJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [...(await keySet()).all.values()].map((key) => key.publicJwk) };
}

/**
 * `npm run auth:rotate-key` (DATABASE_URL only): a new key signs from now on, on every server
 * once they hear of it; the previous one keeps verifying the tokens it signed until they expire.
 */
export async function rotateSigningKey(): Promise<string> {
  if (!env().DATABASE_URL)
    throw new Error(
      "Key rotation needs DATABASE_URL. On the embedded database, stop the site, delete " +
        `${signingKeyPath()} and start it again (everyone signs in again).`,
    );
  const kid = await insertKey(await getDb(), { onlyIfNone: false });
  forgetSigningKeys();
  await notifyInstances({ keys: true });
  return kid!;
}
