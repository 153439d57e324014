import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_START_PARAMS } from "./pglite-params";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { env } from "@/lib/env";
import { makePrivate } from "@/lib/db/private-files";
import * as schema from "@/models";
import { registerDatabasePing, reportDatabaseError } from "./availability";
import { lockDataDir } from "./lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

/** The rows of a raw `execute()` result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Handle = {
  db: Db;
  close: () => Promise<void>;
  /** PostgreSQL's connection pool (DATABASE_URL), for what needs one connection of its own. */
  pool?: Pool;
};

const migrationsFolder = path.join(process.cwd(), "drizzle");

export { PGLITE_START_PARAMS };

/** The script that creates a PGlite data directory in a short-lived process of its own. */
const initdbScript = path.join(process.cwd(), "lib/db/pglite-initdb.mjs");

/**
 * Creates a fresh PGlite data directory (initdb) and applies the migrations in a child process.
 * Run in the serving process, initdb's WebAssembly instance left it at ~700 MB of RSS for its whole
 * life, and the first migration grew its memory past a restart's; a child returns that memory to
 * the system when it exits. The caller holds the data-directory lock.
 */
async function initdbInChild(pgDir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [initdbScript, pgDir, migrationsFolder], {
      env: { ...process.env, PGLITE_START_PARAMS: JSON.stringify(PGLITE_START_PARAMS) },
      timeout: 120_000,
    });
  } catch (error) {
    const output = (error as { stderr?: string }).stderr?.trim();
    throw new DatabaseConfigError(
      `Could not create the embedded database in ${pgDir}: ${output || (error as Error).message}`,
    );
  }
}

/** Whether PGlite's data directory exists and was initialised (PostgreSQL writes PG_VERSION). */
function isInitialised(pgDir: string): boolean {
  return fs.existsSync(path.join(/* turbopackIgnore: true */ pgDir, "PG_VERSION"));
}

/** Checks that the data directory exists (creating it) and is writable, with a clear error. */
export function ensureDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new DatabaseConfigError(`DATA_DIR ${dataDir} is not a writable directory (${code}).`);
  }
}

async function openPglite(dataDir: string, initdbApart: boolean): Promise<Handle> {
  ensureDataDir(dataDir);
  const release = lockDataDir(dataDir);
  try {
    const pgDir = path.join(/* turbopackIgnore: true */ dataDir, "pg");
    if (initdbApart && !isInitialised(pgDir)) await initdbInChild(pgDir);
    const client = await PGlite.create(pgDir, { startParams: [...PGLITE_START_PARAMS] });
    // PGlite writes a new cluster's files, and a few on every start, with modes of its own (0666,
    // 0644) whatever the umask: owner-only from here on (Postgres creates later files 0600).
    await makePrivate(pgDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Runs the migrations while holding a PostgreSQL advisory lock, on a connection of its own: several
 * servers may start together on one database, and drizzle's migrator takes no lock, so
 * two of them migrating an empty database at once both ran CREATE TABLE and one failed to start.
 * The second waits, then finds every migration applied.
 */
async function migrateAlone(pool: Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('portfolio.migrations'))");
    try {
      await migrate();
    } finally {
      await lock.query("select pg_advisory_unlock(hashtext('portfolio.migrations'))");
    }
  } finally {
    lock.release();
  }
}

async function openPostgres(url: string): Promise<Handle> {
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // Idle clients can lose their server (restart, network); without a listener that crashes Node.
  // The pool replaces a dead client on the next query, so an outage ends by itself; the error
  // only marks the server as down so pages answer 503 until a probe sees it again.
  pool.on("error", (error) => {
    reportDatabaseError(error);
    console.error("PostgreSQL pool error:", error.message);
  });
  // A client the pool has let go of (pool.end() resolves before its connections have closed) can
  // still hear its server end the connection (a restart, a dropped database): nothing uses that
  // client any more, and an error event nobody listens to would crash the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg({ client: pool, schema });
  try {
    await migrateAlone(pool, () => migratePg(db, { migrationsFolder }));
  } catch (error) {
    await pool.end().catch(() => {});
    const host = new URL(url).host;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new DatabaseConfigError(
      `Cannot use the PostgreSQL database at ${host} (DATABASE_URL): ${(cause as Error).message}`,
    );
  }
  registerDatabasePing(() => pool.query("select 1"));
  return {
    db: db as unknown as Db,
    pool,
    close: () => {
      registerDatabasePing(null);
      return pool.end();
    },
  };
}

const globalKey = Symbol.for("portfolio.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

/**
 * Opens the database from the environment: PostgreSQL when DATABASE_URL is set, else PGlite. In
 * the Next.js server a fresh PGlite directory is created in a child process first (initdb's memory
 * never reaches the long-lived server); tools and tests, which exit soon, create it in-process.
 */
export function openDatabase(config = env()): Promise<Handle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite(config.DATA_DIR, process.env.NEXT_RUNTIME === "nodejs");
}

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Promise<Db> {
  if (env().NEXT_PHASE === "phase-production-build") {
    // PGlite is single-process: build workers must never open the live data directory.
    throw new Error("The database was opened during `next build`; mark the page dynamic.");
  }
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = openDatabase();
    // A failed open must not be cached, so a later request can retry (e.g. Postgres came back).
    g[globalKey].catch(() => {
      delete g[globalKey];
    });
  }
  return g[globalKey].then((handle) => handle.db);
}

/** The process-wide PostgreSQL pool; null on PGlite. */
export async function getPool(): Promise<Pool | null> {
  await getDb();
  return (await (globalThis as GlobalWithDb)[globalKey]!).pool ?? null;
}

/** Closes the process-wide database if it was opened (tests, CLI tools). */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  delete g[globalKey];
  if (pending) await (await pending).close();
}
