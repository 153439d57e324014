import "server-only";
import http from "node:http";
import { closeDb } from "@/lib/db";
import { flushViews } from "@/lib/data/views";
import { stopInstanceSync } from "./instance-sync";
import { jsonLogs, logger } from "./logger";
import { hookServerEvents } from "./server-events";

/** How long in-flight requests (uploads among them) may take to finish after SIGTERM. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, shorter than the
 * proxies in front of the app keep theirs (Caddy 2 min unless told, nginx and load balancers
 * 60 s): a proxy would send a request on a connection the server is just closing, and the
 * visitor gets a 502. Longer than a proxy's idle timeout, the server never closes first
 * (docs/operations.md, "Keep-alive").
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node's own keepAliveTimeout: a server left on it gets KEEP_ALIVE_TIMEOUT_MS. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

type Lifecycle = {
  inFlight: number;
  servers: Set<http.Server>;
  stopping: boolean;
  idle: (() => void) | null;
};

// On globalThis: instrumentation and the route handlers are separate bundles in one process.
const stateKey = Symbol.for("portfolio.lifecycle");

function state(): Lifecycle {
  const g = globalThis as typeof globalThis & { [stateKey]?: Lifecycle };
  g[stateKey] ??= { inFlight: 0, servers: new Set(), stopping: false, idle: null };
  return g[stateKey];
}

/** True once the process received SIGTERM/SIGINT: /api/health then answers 503 so traffic drains. */
export function isShuttingDown(): boolean {
  return state().stopping;
}

/** The request's path without its query, which may carry tokens (password-reset links). */
function pathOf(url: string | undefined): string {
  const end = url?.search(/[?#]/) ?? -1;
  return (end === -1 ? url : url!.slice(0, end)) || "/";
}

/**
 * Counts the server in on its first connection: from then on every request's answer advertises, and
 * its connection keeps, KEEP_ALIVE_TIMEOUT_MS (Node reads the server's value for each request).
 */
function adopt(server: http.Server) {
  const current = state();
  if (current.servers.has(server)) return;
  current.servers.add(server);
  // A value other than Node's default (`next start --keepAliveTimeout`) is kept.
  if (server.keepAliveTimeout === NODE_DEFAULT_KEEP_ALIVE_MS) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  }
}

function track(server: http.Server, request: http.IncomingMessage, response: http.ServerResponse) {
  const current = state();
  adopt(server);
  current.inFlight++;
  // A keep-alive connection must not bring another request once shutdown began.
  if (current.stopping) response.setHeader("Connection", "close");
  const started = process.hrtime.bigint();
  response.once("close", () => {
    current.inFlight--;
    if (jsonLogs()) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        req: { method: request.method, path: pathOf(request.url) },
        res: { status: response.statusCode },
        durationMs: Math.round(ms * 10) / 10,
        ...(response.writableFinished ? {} : { aborted: true }),
      };
      const level = response.statusCode >= 500 ? "error" : "info";
      logger()[level](fields, "request");
    }
    if (current.inFlight === 0) current.idle?.();
  });
}

const patchedKey = Symbol.for("portfolio.lifecycle.patched");

/**
 * Counts the HTTP requests in flight (and logs each one with LOG_FORMAT=json). Next.js's server
 * offers no hook for every request (the cached pages skip proxy.ts), so this wraps the `request`
 * event of Node's HTTP servers in this process.
 */
export function trackRequests(): void {
  const proto = http.Server.prototype as http.Server & { [patchedKey]?: true };
  if (proto[patchedKey]) return;
  proto[patchedKey] = true;
  hookServerEvents((server, event, args) => {
    if (event === "connection") adopt(server);
    else if (event === "request")
      track(server, args[0] as http.IncomingMessage, args[1] as http.ServerResponse);
    return false;
  });
}

function waitForIdle(timeoutMs: number): Promise<boolean> {
  const current = state();
  if (current.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    current.idle = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
}

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let the requests in flight
 * finish (an upload completes and is stored), then close the database (PGlite writes its data
 * directory out and releases the lock) and exit 0. After SHUTDOWN_TIMEOUT_MS the remaining
 * requests are cut and the process exits 1. Replaces Next.js's own handler, which exits 143
 * without closing the database.
 */
export function handleShutdownSignals(): void {
  // Next.js registers its handler before instrumentation runs, unless told not to; this covers
  // both orders.
  process.env.NEXT_MANUAL_SIG_HANDLE = "1";
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  const current = state();
  if (current.stopping) return;
  current.stopping = true;
  console.log(
    `${signal} received: finishing ${current.inFlight} request(s) in flight, then stopping.`,
  );
  for (const server of current.servers) {
    server.close();
    server.closeIdleConnections();
  }
  const finished = await waitForIdle(SHUTDOWN_TIMEOUT_MS);
  // The connections of the requests that were in flight are idle now: closed before the database
  // is, so no client sends one more request on them into a closing server.
  for (const server of current.servers) server.closeIdleConnections();
  if (!finished) {
    console.error(
      `Shutdown: ${current.inFlight} request(s) still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s; cutting them.`,
    );
    for (const server of current.servers) server.closeAllConnections();
  }
  // The view counts still in memory (docs/operations.md, "Insights"): written before the database closes.
  await flushViews().catch((error: unknown) => {
    console.error(`Shutdown: writing the view counts failed: ${(error as Error).message}`);
  });
  try {
    await stopInstanceSync();
    await closeDb();
  } catch (error) {
    console.error("Shutdown: closing the database failed:", error);
    process.exit(1);
  }
  console.log("Shutdown complete.");
  process.exit(finished ? 0 : 1);
}
