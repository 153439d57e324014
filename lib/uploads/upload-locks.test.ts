import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { PostgresLocker } from "./upload-locks";

/**
 * The resumable uploads' lock on PostgreSQL (docs/operations.md "Several servers"): one connection
 * per server holds all its uploads' locks, requests of one server for one upload are kept apart in
 * the process, a waiting request makes the holder let go, and a lost lock connection tells every
 * holder to let go.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
useTestDatabase();

const id = (n: number) => n.toString(16).padStart(32, "0");
const never = new AbortController().signal;

/** The database sessions holding upload locks, and how many locks each. */
async function advisoryHolders(url: string): Promise<number[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locks: number }>(
      `select count(*)::int as locks from pg_locks
       where locktype = 'advisory' and granted and database = (select oid from pg_database
       where datname = current_database()) group by pid`,
    );
    return rows.map((row) => row.locks);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onServer)("upload locks on PostgreSQL", () => {
  it("holds many uploads' locks on one connection; a second request for one waits for the first to let go", async () => {
    const url = process.env.DATABASE_URL!;
    const server = new PostgresLocker(url);
    // More uploads at once than the pool has connections (10).
    const locks = Array.from({ length: 12 }, (_, n) => server.newLock(id(n)));
    const released: number[] = [];
    await Promise.all(locks.map((lock, n) => lock.lock(never, () => void released.push(n))));
    expect(await advisoryHolders(url)).toEqual([12]);

    // The same upload again on this server: the holder is asked to let go, and the lock is taken
    // once it did (the database alone would let the same session take it twice).
    const again = server.newLock(id(3));
    let second = false;
    const waiting = again.lock(never, () => {}).then(() => (second = true));
    await expect.poll(() => released).toEqual([3]);
    expect(second).toBe(false);
    await locks[3]!.unlock();
    await waiting;

    // Another server waits for this one and asks it to let go.
    const other = new PostgresLocker(url);
    const theirs = other.newLock(id(5));
    let taken = false;
    const across = theirs.lock(never, () => {}).then(() => (taken = true));
    await expect.poll(() => released).toEqual([3, 5]);
    expect(taken).toBe(false);
    await locks[5]!.unlock();
    await across;
    expect((await advisoryHolders(url)).sort()).toEqual([1, 11]);

    for (const [n, lock] of locks.entries()) if (n !== 3 && n !== 5) await lock.unlock();
    await again.unlock();
    await theirs.unlock();
    expect(await advisoryHolders(url)).toEqual([]);
  });

  it("tells every holder to let go when its lock connection is lost, and locks again on a new one", async () => {
    const url = process.env.DATABASE_URL!;
    const server = new PostgresLocker(url);
    const released: string[] = [];
    const held = [server.newLock(id(20)), server.newLock(id(21))];
    for (const [n, lock] of held.entries())
      await lock.lock(never, () => void released.push(id(20 + n)));
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted
       and database = (select oid from pg_database where datname = current_database())`,
    );
    await admin.end();
    await expect.poll(() => released.sort()).toEqual([id(20), id(21)]);
    for (const lock of held) await lock.unlock();
    const next = server.newLock(id(20));
    await next.lock(never, () => {});
    expect(await advisoryHolders(url)).toEqual([1]);
    await next.unlock();
  });
});
