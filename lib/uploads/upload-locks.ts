import "server-only";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import type { Pool, PoolClient } from "pg";
import { notifyInstances } from "@/lib/db/notify";
import { forgetHeldUpload, holdUpload, releaseHeldUpload } from "./held-uploads";

/**
 * The lock of a resumable upload across the servers sharing one PostgreSQL database
 * (docs/operations.md "Several servers"): a PostgreSQL advisory lock keyed by the upload id, taken
 * on one pooled connection and held there for the request's life, so a PATCH or HEAD on one
 * server waits for one on another. A waiting request asks the holder to let go (tus's request
 * release: the holder stops reading its body, keeps what it wrote and answers), here directly and
 * on the other servers by NOTIFY, then tries again every POLL_MS until ACQUIRE_TIMEOUT_MS. A
 * server that dies loses its connection, and PostgreSQL ends its locks with it.
 */
const ACQUIRE_TIMEOUT_MS = 30_000;
const POLL_MS = 50;
/** Advisory locks of two int4 keys: this namespace, and the hash of the upload id. */
const TRY_LOCK =
  "select pg_try_advisory_lock(hashtext('portfolio.uploads'), hashtext($1)) as locked";
const UNLOCK = "select pg_advisory_unlock(hashtext('portfolio.uploads'), hashtext($1))";

export class PostgresLocker implements Locker {
  constructor(private readonly pool: () => Promise<Pool>) {}

  newLock(id: string): Lock {
    return new PostgresLock(id, this.pool);
  }
}

class PostgresLock implements Lock {
  private client: PoolClient | null = null;
  private release: RequestRelease | null = null;

  constructor(
    private readonly id: string,
    private readonly pool: () => Promise<Pool>,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const pool = await this.pool();
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const client = await pool.connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(TRY_LOCK, [this.id]);
        locked = rows[0]?.locked === true;
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      if (locked) {
        this.client = client;
        this.release = requestRelease;
        holdUpload(this.id, requestRelease);
        return;
      }
      client.release();
      if (!asked) {
        asked = true;
        releaseHeldUpload(this.id);
        await notifyInstances({ releaseUpload: this.id });
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error("Releasing an unlocked lock!");
    this.client = null;
    if (this.release) forgetHeldUpload(this.id, this.release);
    this.release = null;
    try {
      await client.query(UNLOCK, [this.id]);
      client.release();
    } catch (error) {
      // A connection that cannot unlock is closed: its locks end with it.
      client.release(error as Error);
    }
  }
}
