import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { reportDatabaseError } from "@/lib/db/availability";
import { env } from "@/lib/env";
import { uploadsDir } from "@/lib/storage/local";
import packageJson from "@/package.json";
import { isShuttingDown } from "@/lib/startup/lifecycle";

/** A check slower than this counts as failed: a load balancer must get an answer in time. */
const CHECK_TIMEOUT_MS = 3000;

type Check = "ok" | "unavailable";

export type Health = {
  status: "ok" | "unavailable";
  version: string;
  /** The production build this server runs (.next/BUILD_ID), null when unknown. */
  build: string | null;
  database: Check;
  storage: Check;
  /** True while the server finishes its last requests after SIGTERM. */
  shuttingDown: boolean;
  uptimeSeconds: number;
};

function withTimeout(
  work: () => Promise<unknown>,
  onError?: (error: unknown) => void,
): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("health check timed out")), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work(), timeout])
    .then(
      () => "ok" as const,
      (error: unknown) => {
        onError?.(error);
        return "unavailable" as const;
      },
    )
    .finally(() => clearTimeout(timer));
}

/**
 * A query on the configured database (PGlite or PostgreSQL), opening it if needed. A PostgreSQL
 * server found gone is reported, so pages and the API answer 503 too without waiting for a probe.
 */
function checkDatabase(): Promise<Check> {
  return withTimeout(async () => (await getDb()).execute(sql`select 1`), reportDatabaseError);
}

/**
 * The local media folder (DATA_DIR/uploads, or DATA_DIR before the first upload) can be written.
 * With Cloudinary, files stored locally before the switch are still served and deleted from there;
 * Cloudinary itself is not called (its Admin API is rate-limited per hour, a load balancer polls
 * every few seconds).
 */
function checkStorage(): Promise<Check> {
  return withTimeout(async () => {
    const { DATA_DIR } = env();
    const uploads = uploadsDir(DATA_DIR);
    const target = fs.existsSync(uploads) ? uploads : DATA_DIR;
    await fs.promises.access(target, fs.constants.W_OK);
  });
}

let buildId: string | null | undefined;
function readBuildId(): string | null {
  if (buildId === undefined) {
    try {
      buildId = fs.readFileSync(path.join(process.cwd(), ".next/BUILD_ID"), "utf8").trim();
    } catch {
      buildId = null;
    }
  }
  return buildId;
}

/** The server's health: database and storage reachable, and not shutting down. */
export async function checkHealth(): Promise<Health> {
  const [database, storage] = await Promise.all([checkDatabase(), checkStorage()]);
  const shuttingDown = isShuttingDown();
  return {
    status: database === "ok" && storage === "ok" && !shuttingDown ? "ok" : "unavailable",
    version: packageJson.version,
    build: readBuildId(),
    database,
    storage,
    shuttingDown,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
