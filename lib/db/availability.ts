import "server-only";

/**
 * Whether the PostgreSQL server is reachable, shared by the database layer (which reports
 * failures), the API (which answers 503) and proxy.ts (which answers pages with 503). The state
 * lives on globalThis because proxy.ts and the route handlers are separate bundles in one process.
 * No Node-only imports: proxy.ts includes this file.
 */

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable. Please try again shortly.";

/** How long a probe's answer is trusted; at most one probe per interval reaches the database. */
const PROBE_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 3000;

/** Network failures, and PostgreSQL's connection-exception (08…) and shutdown (57P0x) codes. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
];

type State = {
  ping: (() => Promise<unknown>) | null;
  down: boolean;
  checkedAt: number;
  probe: Promise<boolean> | null;
};

const stateKey = Symbol.for("portfolio.db.availability");

function state(): State {
  const g = globalThis as typeof globalThis & { [stateKey]?: State };
  g[stateKey] ??= { ping: null, down: false, checkedAt: 0, probe: null };
  return g[stateKey];
}

/** True when an error (or anything in its cause chain) means the server could not be reached. */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code)) return true;
  }
  if (CONNECTION_MESSAGES.some((text) => error.message.includes(text))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailableError(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailableError(error.cause, depth + 1);
}

/** Called by the PostgreSQL handle when it opens: how to check the server is there. */
export function registerDatabasePing(ping: (() => Promise<unknown>) | null): void {
  Object.assign(state(), { ping, down: false, checkedAt: 0, probe: null });
}

/** Records a failed query; returns whether it was the server being unreachable. */
export function reportDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailableError(error)) return false;
  const current = state();
  current.down = true;
  current.checkedAt = 0;
  return true;
}

async function probe(current: State, ping: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS);
      }),
    ]);
    current.down = false;
  } catch {
    current.down = true;
  } finally {
    clearTimeout(timer);
    current.checkedAt = Date.now();
    current.probe = null;
  }
  return !current.down;
}

/**
 * Whether the database can be used right now. The embedded database is always there; for
 * PostgreSQL a `select 1` runs at most once a second (concurrent callers share it), and at once
 * after a query failed for want of a connection, so an outage and a recovery are both seen within
 * about a second, without a restart.
 */
export async function isDatabaseReachable(): Promise<boolean> {
  const current = state();
  const ping = current.ping;
  if (!ping) return true;
  if (current.probe) return current.probe;
  if (Date.now() - current.checkedAt < PROBE_INTERVAL_MS) return !current.down;
  current.probe = probe(current, ping);
  return current.probe;
}
