import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Embedded databases made once per test run, which each fresh test database starts from (a copy)
 * instead of running initdb again: initdb is most of a server's start-up time (measured on a busy
 * 2-core machine: 56–78 s to the first answer on an empty directory, 14–22 s from the copy) and of
 * a unit test file's set-up. Two of them: `pg`, migrated, for test servers' DATA_DIR; `empty`,
 * initialised only, for the unit tests' databases (lib/db/migrations.test.ts builds the schemas of
 * earlier releases on it). Start-up on an empty directory keeps its own tests
 * (test/ops/startup.test.ts opts out, the Playwright server and the soak start empty). Both are
 * made by the script and parameters the server uses on a first start.
 */
export function pgTemplateDir(session = process.env.PORTFOLIO_TEST_SESSION): string {
  return (
    process.env.PORTFOLIO_TEST_PG_TEMPLATE_DIR ??
    path.join(os.tmpdir(), `portfolio-pg-template-${session}`)
  );
}

/**
 * The environment that lets a nested Vitest run (test/ops/process-cleanup.test.ts) use this run's
 * templates instead of making its own: its global set-up then neither makes nor removes them.
 */
export function sharedPgTemplateEnv(): Record<string, string> {
  const dir = pgTemplateDir();
  return fs.existsSync(path.join(dir, "pg", "PG_VERSION"))
    ? { PORTFOLIO_TEST_PG_TEMPLATE_DIR: dir }
    : {};
}

/** Creates the templates (global set-up); returns a function that removes them. */
export async function createPgTemplate(startParams: readonly string[]): Promise<() => void> {
  const dir = pgTemplateDir();
  fs.rmSync(dir, { recursive: true, force: true });
  const noMigrations = path.join(dir, "no-migrations");
  fs.mkdirSync(path.join(noMigrations, "meta"), { recursive: true });
  fs.writeFileSync(
    path.join(noMigrations, "meta", "_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries: [] }),
  );
  const initdb = (pgDir: string, migrations: string) =>
    promisify(execFile)(process.execPath, ["lib/db/pglite-initdb.mjs", pgDir, migrations], {
      env: { ...process.env, PGLITE_START_PARAMS: JSON.stringify(startParams) },
      timeout: 300_000,
    });
  await initdb(path.join(dir, "empty"), noMigrations);
  fs.cpSync(path.join(dir, "empty"), path.join(dir, "pg"), { recursive: true });
  await initdb(path.join(dir, "pg"), "drizzle");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** Copies template `name` to `target` (a PGlite directory); false when there is none to copy. */
export function copyPgTemplate(name: "pg" | "empty", target: string): boolean {
  const template = path.join(pgTemplateDir(), name);
  if (!fs.existsSync(path.join(template, "PG_VERSION")) || fs.existsSync(target)) return false;
  try {
    fs.cpSync(template, target, { recursive: true });
    return true;
  } catch {
    fs.rmSync(target, { recursive: true, force: true });
    return false;
  }
}

/**
 * Gives an empty data directory of an embedded-database server the template's database. Not for
 * PostgreSQL servers, directories that already hold a database, or a caller that opts out with
 * PORTFOLIO_TEST_PG_TEMPLATE=off; a directory that cannot be written is left to the server.
 */
export function seedFromPgTemplate(env: Record<string, string | undefined>): void {
  const dataDir = env.DATA_DIR;
  const optedOut =
    (env.PORTFOLIO_TEST_PG_TEMPLATE ?? process.env.PORTFOLIO_TEST_PG_TEMPLATE) === "off";
  if (!dataDir || env.DATABASE_URL || optedOut) return;
  copyPgTemplate("pg", path.join(dataDir, "pg"));
}
