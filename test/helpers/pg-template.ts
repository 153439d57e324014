import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * An initialised, migrated embedded database made once per test run, which each test server's
 * fresh DATA_DIR starts from (a copy) instead of running initdb again: initdb and the first
 * migration are most of a server's start-up time (measured on a busy 2-core machine: 56–78 s to
 * the first answer on an empty directory, 14–22 s from the copy). Start-up on an empty directory
 * keeps its own tests (test/ops/startup.test.ts opts out, the Playwright server and the soak start
 * empty). The template is made by the same script and parameters the server uses on a first start.
 */
export function pgTemplateDir(session = process.env.PORTFOLIO_TEST_SESSION): string {
  return path.join(os.tmpdir(), `portfolio-pg-template-${session}`);
}

/** Creates the template (global set-up); returns a function that removes it. */
export async function createPgTemplate(startParams: readonly string[]): Promise<() => void> {
  const dir = pgTemplateDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await promisify(execFile)(
    process.execPath,
    ["lib/db/pglite-initdb.mjs", path.join(dir, "pg"), "drizzle"],
    {
      env: { ...process.env, PGLITE_START_PARAMS: JSON.stringify(startParams) },
      timeout: 300_000,
    },
  );
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Gives an empty data directory of an embedded-database server the template's database. Not for
 * PostgreSQL servers, directories that already hold a database, or a caller that opts out with
 * PORTFOLIO_TEST_PG_TEMPLATE=off; a directory that cannot be written is left to the server.
 */
export function seedFromPgTemplate(env: Record<string, string | undefined>): void {
  const dataDir = env.DATA_DIR;
  const template = path.join(pgTemplateDir(), "pg");
  const optedOut =
    (env.PORTFOLIO_TEST_PG_TEMPLATE ?? process.env.PORTFOLIO_TEST_PG_TEMPLATE) === "off";
  if (!dataDir || env.DATABASE_URL || optedOut) return;
  if (!fs.existsSync(path.join(template, "PG_VERSION"))) return;
  if (fs.existsSync(path.join(dataDir, "pg"))) return;
  try {
    fs.cpSync(template, path.join(dataDir, "pg"), { recursive: true });
  } catch {
    fs.rmSync(path.join(dataDir, "pg"), { recursive: true, force: true });
  }
}
