import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { env } from "@/lib/env";
import { getDb } from "./index";

/**
 * Messages between the servers that share one PostgreSQL database (DATABASE_URL), over
 * PostgreSQL's LISTEN/NOTIFY: cache tags a write expired, deleted images whose optimized copies
 * go, and "the signing keys changed" after a key rotation. docs/architecture.md ("Many instances
 * on one PostgreSQL") says why this and not a shared cache handler. On PGlite (one process)
 * nothing is sent and nobody listens. A payload must stay under PostgreSQL's 8,000 bytes.
 */
export const INSTANCE_CHANNEL = "portfolio_instances";

export type InstanceMessage = {
  /** The sending server, so it can skip its own messages. */
  from?: string;
  /** Cache tags to expire at once (lib/cache.ts). */
  tags?: string[];
  /** Deleted local media whose optimized copies go (lib/storage/optimized-images.ts). */
  forget?: string[];
  /** The JWT signing keys changed (lib/auth-service/keys.ts). */
  keys?: boolean;
  /** A request waits for the lock of this resumable upload: its holder lets go (lib/uploads/upload-locks.ts). */
  releaseUpload?: string;
};

/**
 * This server process, among the others on the database. On globalThis: Next.js bundles
 * instrumentation (the listener) apart from the route handlers (the senders), each with its own
 * copy of this module.
 */
const ID = Symbol.for("portfolio.instanceId");
export const INSTANCE_ID: string = ((globalThis as typeof globalThis & { [ID]?: string })[ID] ??=
  randomUUID());

/** Sends a message to every server on the database (this one too; it skips its own). */
export async function notifyInstances(message: Omit<InstanceMessage, "from">): Promise<void> {
  if (!env().DATABASE_URL) return;
  const db = await getDb();
  const payload = JSON.stringify({ from: INSTANCE_ID, ...message });
  await db.execute(sql`select pg_notify(${INSTANCE_CHANNEL}, ${payload})`);
}

export type InstanceListener = {
  /** Settles once the first attempt to listen succeeded or failed (it keeps retrying). */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * Listens on the channel with a connection of its own (a pooled one cannot LISTEN: the pool hands
 * it to queries and may close it). When that connection is lost, messages sent meanwhile are lost
 * too, so after every reconnect `onGap` runs: the caller drops what it may have kept too long.
 * Reconnects every `retryMs` until closed.
 */
export function listenToInstances(
  url: string,
  onMessage: (message: InstanceMessage) => void,
  onGap: () => void,
  retryMs = 1000,
): InstanceListener {
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let attempts = 0;

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
  };

  const connect = async () => {
    attempts += 1;
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client = next;
    next.on("notification", (notification) => {
      if (notification.channel !== INSTANCE_CHANNEL || !notification.payload) return;
      let message: InstanceMessage;
      try {
        message = JSON.parse(notification.payload) as InstanceMessage;
      } catch {
        return;
      }
      if (message.from === INSTANCE_ID) return;
      onMessage(message);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (!closed && error) console.error(`Instance sync connection lost: ${error.message}`);
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${INSTANCE_CHANNEL}`);
      // Whatever was sent while this server was not listening is unknown: after every attempt
      // but the first, made before the server took a request (so it had kept nothing).
      if (attempts > 1) onGap();
    } catch (error) {
      lost(error as Error);
    }
  };

  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
