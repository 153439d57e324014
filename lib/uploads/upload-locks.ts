import "server-only";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import { Client } from "pg";
import { notifyInstances } from "@/lib/db/notify";
import { forgetHeldUpload, holdUpload, releaseHeldUpload } from "./held-uploads";

/**
 * The lock of a resumable upload across the servers sharing one PostgreSQL database
 * (docs/operations.md "Several servers"): a PostgreSQL advisory lock keyed by the upload id, so a
 * PATCH or HEAD on one server waits for one on another. Every lock of a server is held on one
 * connection of its own, outside the pool: uploads in progress cost no pooled connection, however
 * many there are. Session advisory locks stack within a session (the holder's connection would
 * take the same key again), so an in-process lock keeps this server's requests for one upload
 * apart before the database is asked. A waiting request asks the holder to let go (tus's request
 * release: the holder stops reading its body, keeps what it wrote and answers), here directly and
 * on the other servers by NOTIFY, then tries again every POLL_MS until ACQUIRE_TIMEOUT_MS. A
 * server that dies, or loses its lock connection, loses its locks with it: its requests holding
 * one are told to let go.
 */
const ACQUIRE_TIMEOUT_MS = 30_000;
const POLL_MS = 50;
/** Advisory locks of two int4 keys: this namespace, and the hash of the upload id. */
const TRY_LOCK =
  "select pg_try_advisory_lock(hashtext('portfolio.uploads'), hashtext($1)) as locked";
const UNLOCK = "select pg_advisory_unlock(hashtext('portfolio.uploads'), hashtext($1))";

/** The connection holding this server's upload locks, opened on first use and after a loss. */
class LockConnection {
  private client: Promise<Client> | null = null;

  constructor(
    private readonly url: string,
    /** Called when the connection, and so every lock on it, is gone. */
    private readonly onLost: () => void,
  ) {}

  private connect(): Promise<Client> {
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    const connected = client.connect().then(() => client);
    const lost = () => {
      if (this.client !== connected) return;
      this.client = null;
      client.end().catch(() => {});
      this.onLost();
    };
    client.on("error", lost);
    client.on("end", lost);
    // A connection that never opened is tried again by the next query.
    connected.catch(lost);
    return connected;
  }

  /** The statement sent last: the next one waits for it (one query at a time on a connection). */
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs one statement of one key after the earlier ones; answers whether a lock was taken. */
  run(statement: string, id: string): Promise<boolean> {
    const result = this.tail.then(() => this.runNow(statement, id));
    this.tail = result.catch(() => {});
    return result;
  }

  /** A failure closes the connection (its locks end with it). */
  private async runNow(statement: string, id: string): Promise<boolean> {
    const current = (this.client ??= this.connect());
    const client = await current;
    try {
      const { rows } = await client.query<{ locked?: boolean }>(statement, [id]);
      return rows[0]?.locked === true;
    } catch (error) {
      if (this.client === current) {
        this.client = null;
        client.end().catch(() => {});
        this.onLost();
      }
      throw error;
    }
  }
}

export class PostgresLocker implements Locker {
  /** The uploads a request of this server holds or is taking, and how to make it let go. */
  private readonly taken = new Map<string, RequestRelease | null>();
  private readonly connection: LockConnection;

  constructor(url: string) {
    this.connection = new LockConnection(url, () => {
      for (const release of this.taken.values()) void release?.();
    });
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this.taken, this.connection);
  }
}

class PostgresLock implements Lock {
  private release: RequestRelease | null = null;

  constructor(
    private readonly id: string,
    private readonly taken: Map<string, RequestRelease | null>,
    private readonly connection: LockConnection,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (!this.taken.has(this.id)) {
        this.taken.set(this.id, null);
        let locked = false;
        try {
          locked = await this.connection.run(TRY_LOCK, this.id);
        } finally {
          if (!locked) this.taken.delete(this.id);
        }
        if (locked) {
          this.release = requestRelease;
          this.taken.set(this.id, requestRelease);
          holdUpload(this.id, requestRelease);
          return;
        }
      }
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
    const release = this.release;
    if (!release) throw new Error("Releasing an unlocked lock!");
    this.release = null;
    forgetHeldUpload(this.id, release);
    try {
      await this.connection.run(UNLOCK, this.id);
    } catch {
      // The connection is closed: its locks ended with it.
    } finally {
      this.taken.delete(this.id);
    }
  }
}
