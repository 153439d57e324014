import "server-only";
import { format } from "node:util";
import pino, { type Logger } from "pino";

/** Whether LOG_FORMAT asks for JSON lines (read directly: logging starts before env checks). */
export function jsonLogs(): boolean {
  return process.env.LOG_FORMAT?.trim() === "json";
}

const loggerKey = Symbol.for("portfolio.logger");
type GlobalWithLogger = typeof globalThis & { [loggerKey]?: Logger };

/**
 * The process's structured logger: one JSON object a line on stdout (`level` as a name, ISO `time`,
 * `msg`, errors under `err` with their stack). Synchronous writes, so nothing is lost when the
 * process exits right after logging (start-up failures, shutdown).
 */
export function logger(): Logger {
  const g = globalThis as GlobalWithLogger;
  g[loggerKey] ??= pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: 1, sync: true }),
  );
  return g[loggerKey];
}

const consoleKey = Symbol.for("portfolio.logger.console");

/**
 * With LOG_FORMAT=json, routes console.log/info/warn/error/debug (the site's, Next.js's and libraries')
 * through the logger, so every line the server writes is one JSON object. An Error among the
 * arguments goes to `err` (message, stack, cause); the other arguments make up `msg`.
 */
export function routeConsoleToLogger(): void {
  const g = globalThis as typeof globalThis & { [consoleKey]?: true };
  if (!jsonLogs() || g[consoleKey]) return;
  g[consoleKey] = true;
  const log = logger();
  const levels = {
    log: "info",
    info: "info",
    warn: "warn",
    error: "error",
    debug: "debug",
  } as const;
  for (const [method, level] of Object.entries(levels) as [keyof typeof levels, Level][]) {
    console[method] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const msg = rest.length > 0 ? format(...rest).replace(/[:\s]+$/, "") : (err?.message ?? "");
      if (err) log[level]({ err }, msg);
      else log[level](msg);
    };
  }
}

type Level = "info" | "warn" | "error" | "debug";
