import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { env } from "@/lib/env";
import * as schema from "@/models";
import { registerDatabasePing, reportDatabaseError } from "./availability";
import { lockDataDir } from "./lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export class DatabaseConfigError extends Error {
  override name = "DatabaseConfigError";
}

type Handle = { db: Db; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "drizzle");

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

async function openPglite(dataDir: string): Promise<Handle> {
  ensureDataDir(dataDir);
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "pg"));
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

async function openPostgres(url: string): Promise<Handle> {
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // Idle clients can lose their server (restart, network); without a listener that crashes Node.
  // The pool replaces a dead client on the next query, so an outage ends by itself; the error
  // only marks the server as down so pages answer 503 until a probe sees it again.
  pool.on("error", (error) => {
    reportDatabaseError(error);
    console.error("PostgreSQL pool error:", error.message);
  });
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder });
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
    close: () => {
      registerDatabasePing(null);
      return pool.end();
    },
  };
}

const globalKey = Symbol.for("portfolio.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

/** Opens the database from the environment: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openDatabase(config = env()): Promise<Handle> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config.DATA_DIR);
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

/** Closes the process-wide database if it was opened (tests, CLI tools). */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  delete g[globalKey];
  if (pending) await (await pending).close();
}
