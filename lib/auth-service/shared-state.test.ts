import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { SignJWT, generateKeyPair } from "jose";
import { Pool } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address-header";
import { getDb, rowsOf, type Db } from "@/lib/db";
import {
  createFirstSigningKey,
  forgetSigningKeys,
  getJwks,
  getSigningKey,
  rotateSigningKey,
} from "./keys";
import { AuthServiceError } from "./errors";
import {
  checkAccount,
  consumeDatabaseRateLimit,
  rateLimitKey,
  recordFailure,
  recordProof,
  takeRateLimit,
} from "./rate-limit";
import { verifyAccessToken } from "./verify";

/**
 * The auth state several servers share through PostgreSQL: rate-limit buckets (the
 * statement also runs on PGlite), and with a PostgreSQL server the signing keys and the
 * per-account back-off.
 */
useTestDatabase();
afterAll(() => {
  delete process.env.AUTH_JWT_EXPIRY;
});

const onServer = Boolean(process.env.TEST_DATABASE_URL);

const request = (address: string) =>
  new Request("http://localhost/auth/v1/token", {
    method: "POST",
    headers: { [CLIENT_ADDRESS_HEADER]: address },
  });

/**
 * Another server's connection to the test database. Its pool's connections may still be closing
 * when the file's clean-up drops the database (pool.end() does not wait for them): the server's
 * "terminating connection" then reaches clients nobody uses, and must not crash the run.
 */
const pools: Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
});
function otherServer(): Db {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  pools.push(pool);
  return drizzle({ client: pool }) as unknown as Db;
}

describe("rate limits in the database", () => {
  it("lets a burst of 30 through when 40 requests arrive at once, then refills with time", async () => {
    const db = await getDb();
    const start = new Date("2026-01-01T00:00:00Z");
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        consumeDatabaseRateLimit(db, "recover:192.0.2.1", "recover", start),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(30);
    // Refused requests take nothing: 10 s later (30 per 5 minutes) exactly one more passes.
    const later = new Date(start.getTime() + 10_000);
    const next = [];
    for (let i = 0; i < 3; i++)
      next.push(await consumeDatabaseRateLimit(db, "recover:192.0.2.1", "recover", later));
    expect(next).toEqual([true, false, false]);
    // Another address and another action have budgets of their own.
    expect(await consumeDatabaseRateLimit(db, "recover:192.0.2.2", "recover", later)).toBe(true);
    expect(await consumeDatabaseRateLimit(db, "refresh:192.0.2.1", "refresh", later)).toBe(true);
    // Five quiet minutes refill the bucket completely.
    const refilled = new Date(start.getTime() + 320_000);
    let allowed = 0;
    for (let i = 0; i < 35; i++)
      if (await consumeDatabaseRateLimit(db, "recover:192.0.2.1", "recover", refilled)) allowed++;
    expect(allowed).toBe(30);
  });
});

describe.skipIf(!onServer)(
  "protected projects' password budget in the database (DATABASE_URL)",
  () => {
    const unlock = (address: string) =>
      new Request("http://localhost/api/projects/x/unlock", {
        method: "POST",
        headers: { [CLIENT_ADDRESS_HEADER]: address },
      });
    const refused = (run: Promise<void>) =>
      run.then(
        () => false,
        (error: unknown) => error instanceof AuthServiceError && error.status === 429,
      );

    it("is one budget of 20 per address and project for every server (docs/spec.md §11)", async () => {
      const project = "65f0c0ffee00000000000a17";
      // This server takes 12 tries, another one 8: together the burst of 20.
      for (let i = 0; i < 12; i++)
        await takeRateLimit(unlock("198.51.100.7"), "projectPassword", project);
      const other = otherServer();
      const key = rateLimitKey(unlock("198.51.100.7"), "projectPassword", project);
      for (let i = 0; i < 8; i++)
        expect(await consumeDatabaseRateLimit(other, key, "projectPassword")).toBe(true);
      // The 21st, on either server, is refused.
      expect(await refused(takeRateLimit(unlock("198.51.100.7"), "projectPassword", project))).toBe(
        true,
      );
      expect(await consumeDatabaseRateLimit(other, key, "projectPassword")).toBe(false);
      // Another project and another address have budgets of their own.
      const otherProject = "65f0c0ffee00000000000a18";
      expect(
        await refused(takeRateLimit(unlock("198.51.100.7"), "projectPassword", otherProject)),
      ).toBe(false);
      expect(await refused(takeRateLimit(unlock("198.51.100.8"), "projectPassword", project))).toBe(
        false,
      );
      // The budget is a row of auth_rate_limits, not this process's memory.
      const db = await getDb();
      const rows = rowsOf<{ key: string }>(
        await db.execute(sql`select key from auth_rate_limits where key like 'projectPassword:%'`),
      );
      expect(rows.map((row) => row.key).sort()).toEqual(
        [
          key,
          rateLimitKey(unlock("198.51.100.7"), "projectPassword", otherProject),
          rateLimitKey(unlock("198.51.100.8"), "projectPassword", project),
        ].sort(),
      );
    });
  },
);

describe.skipIf(!onServer)("signing keys in the database (DATABASE_URL)", () => {
  async function tokenSignedWith(privateKey: CryptoKey, kid: string) {
    return new SignJWT({ session_id: randomUUID(), role: "authenticated" })
      .setProtectedHeader({ alg: "ES256", kid })
      .setSubject(randomUUID())
      .setAudience("authenticated")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
  }

  it("makes exactly one key when servers start together", async () => {
    await getDb();
    const [a, b] = [otherServer(), otherServer()];
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createFirstSigningKey(i % 2 ? a : b)),
    );
    expect(made.filter(Boolean)).toHaveLength(1);
    const db = await getDb();
    const rows = rowsOf(await db.execute(sql`select kid from auth_signing_keys`));
    expect(rows).toHaveLength(1);
    forgetSigningKeys();
    expect((await getSigningKey()).kid).toBe(made.find(Boolean));
  });

  it("rotates: the new key signs, the JWKS lists both, old tokens verify until the old key retires", async () => {
    const before = await getSigningKey();
    const oldToken = await tokenSignedWith(before.privateKey, before.kid);
    const kid = await rotateSigningKey();
    expect(kid).not.toBe(before.kid);
    expect((await getSigningKey()).kid).toBe(kid);
    expect((await getJwks()).keys.map((key) => key.kid)).toEqual([kid, before.kid]);
    expect((await verifyAccessToken(oldToken)).sub).toMatch(/^[0-9a-f-]{36}$/);
    const current = await getSigningKey();
    await expect(
      verifyAccessToken(await tokenSignedWith(current.privateKey, kid)),
    ).resolves.toBeTruthy();
    // A token naming a known kid but signed by another key is refused.
    const { privateKey: foreign } = await generateKeyPair("ES256");
    await expect(
      verifyAccessToken(await tokenSignedWith(foreign, before.kid)),
    ).rejects.toMatchObject({ status: 403, code: "bad_jwt" });

    // Once the new key is older than a token's lifetime (+ 5 minutes), the old one is gone.
    process.env.AUTH_JWT_EXPIRY = "3600";
    const db = await getDb();
    await db.execute(
      sql`update auth_signing_keys set created_at = now() - interval '2 hours' where kid = ${kid}`,
    );
    await db.execute(
      sql`update auth_signing_keys set created_at = now() - interval '3 hours' where kid = ${before.kid}`,
    );
    forgetSigningKeys();
    expect((await getJwks()).keys.map((key) => key.kid)).toEqual([kid]);
    await expect(verifyAccessToken(oldToken)).rejects.toMatchObject({ status: 403 });
  });

  it("a token of a key another server rotated in verifies here before the key cache expires", async () => {
    await getSigningKey(); // this server has read the keys
    // Unknown kids re-read the keys at most once a second (the test above just did).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const other = otherServer();
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const { exportJWK } = await import("jose");
    const kid = randomUUID();
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
    await other.execute(
      sql`insert into auth_signing_keys (kid, private_jwk, created_at) values (${kid}, ${JSON.stringify(jwk)}::jsonb, clock_timestamp())`,
    );
    await expect(verifyAccessToken(await tokenSignedWith(privateKey, kid))).resolves.toBeTruthy();
  });

  it("counts an account's wrong passwords across servers, and its owner's address passes", async () => {
    const email = "owner@example.com";
    await recordProof(request("198.51.100.1"), email);
    for (let i = 0; i < 6; i++) await recordFailure(email);
    await expect(checkAccount(request("203.0.113.9"), email)).rejects.toMatchObject({
      status: 429,
    });
    await expect(checkAccount(request("198.51.100.1"), email)).resolves.toBeUndefined();
    // Proof clears the failures for everyone.
    await recordProof(request("198.51.100.1"), email);
    await expect(checkAccount(request("203.0.113.9"), email)).resolves.toBeUndefined();
  });
});
