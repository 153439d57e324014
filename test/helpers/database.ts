import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDb, getDb } from "@/lib/db";
import { copyPgTemplate } from "./pg-template";

/**
 * Points the process at a fresh, empty database for one test file: a new PGlite directory (a copy of
 * the run's initialised template, test/helpers/pg-template.ts), or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a new database on it. Call before the first
 * getDb(); the returned function drops it again.
 */
export async function useFreshDatabase(): Promise<{
  dataDir: string;
  cleanup: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-test-"));
  process.env.DATA_DIR = dataDir;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    delete process.env.DATABASE_URL;
    if (process.env.PORTFOLIO_TEST_PG_TEMPLATE !== "off")
      copyPgTemplate("empty", path.join(dataDir, "pg"));
    return { dataDir, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await createTestDatabase(serverUrl, "portfolio_test");
  process.env.DATABASE_URL = database.url;
  return {
    dataDir,
    cleanup: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a new, empty database `<prefix>_<random>` on the PostgreSQL server at `serverUrl`. */
export async function createTestDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * For a test file that opens several databases in turn (a site, then the copy a backup restores
 * into): a scratch folder `work`, and `fresh()`, which closes the open database and points the
 * process at a new, empty one (see useFreshDatabase). After the file, the last database is
 * closed and every one of them and the scratch folder are removed.
 */
export function useDatabases(name: string): { work: string; fresh: () => Promise<string> } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `portfolio-${name}-`));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await closeDb();
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });
  return {
    work,
    fresh: async () => {
      await closeDb();
      const { dataDir, cleanup } = await useFreshDatabase();
      cleanups.push(cleanup);
      return dataDir;
    },
  };
}

/**
 * For a test file on one fresh database (see useFreshDatabase): it is made and opened before the
 * file's tests, and closed and removed after them. `dataDir` is its data directory once they run.
 */
export function useTestDatabase({ open = true } = {}): { readonly dataDir: string } {
  let current: { dataDir: string; cleanup: () => Promise<void> } | undefined;
  beforeAll(async () => {
    await closeDb();
    current = await useFreshDatabase();
    // Created and migrated here, not in the first test's time (slow on a busy machine). Not when
    // the file's tests open it in a child process (the data directory takes one process at a time).
    if (open) await getDb();
  }, 180_000);
  afterAll(async () => {
    await closeDb();
    await current?.cleanup();
  });
  return {
    get dataDir() {
      if (!current) throw new Error("useTestDatabase: the database is made in beforeAll");
      return current.dataDir;
    },
  };
}
