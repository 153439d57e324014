import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";
import * as tar from "tar";
import { BACKUP_FORMAT } from "@/lib/backup/backup";

/** Runs one SQL query on the old-schema database. */
export type Execute = (query: ReturnType<typeof sql>) => Promise<unknown>;

/**
 * For the migration tests (lib/db/migrations.test.ts): a copy of drizzle/ in `work` as it was
 * before migration `index`, its later migrations and their journal entries removed.
 */
export function migrationsBefore(index: number, work: string): string {
  const folder = path.join(work, `drizzle-before-${String(index).padStart(4, "0")}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  for (const entry of journal.entries.filter((e) => e.idx >= index))
    fs.rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Opens the database of the environment (DATABASE_URL, else PGlite in `dataDir`) migrated only up
 * to before migration `index`, as a site of that time had it; runs `run` on it and closes it again.
 */
export async function withSchemaBefore(
  index: number,
  work: string,
  dataDir: string,
  run: (execute: Execute) => Promise<void>,
): Promise<void> {
  const migrationsFolder = migrationsBefore(index, work);
  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL });
    // Its connections may still be closing when the test drops the database (see testPool in
    // lib/auth-service/shared-state.test.ts).
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg({ client: pool });
    await migratePg(db, { migrationsFolder });
    try {
      await run((query) => db.execute(query));
    } finally {
      await pool.end();
    }
    return;
  }
  const client = await PGlite.create(path.join(dataDir, "pg"));
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  try {
    await run((query) => db.execute(query));
  } finally {
    await client.close();
  }
}

const rowsOfResult = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The column names of a table of the old-schema database. */
export async function columnsOf(execute: Execute, table: string): Promise<string[]> {
  const result = await execute(
    sql`select column_name from information_schema.columns where table_name = ${table}`,
  );
  return rowsOfResult<{ column_name: string }>(result).map((row) => row.column_name);
}

/** The public tables of the old-schema database. */
export async function tablesOf(execute: Execute): Promise<string[]> {
  const result = await execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  return rowsOfResult<{ table_name: string }>(result).map((row) => row.table_name);
}

/** Every row of the given tables as JSON objects, the way `npm run backup` of that time wrote them. */
export async function dumpTables(
  execute: Execute,
  tables: readonly string[],
): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await execute(sql`select row_to_json(t) as row from ${sql.identifier(table)} t`);
    dump[table] = rowsOfResult<{ row: unknown }>(result).map((row) => row.row);
  }
  return dump;
}

/**
 * Writes a backup archive holding these table rows (and no files), as `npm run backup` of the old
 * schema made it, into `work`; returns its path.
 */
export async function writeOldBackup(
  work: string,
  tables: Record<string, unknown[]>,
): Promise<string> {
  const archive = path.join(work, "old-backup.tar.gz");
  const staging = path.join(work, "old-backup");
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  const backup = { format: BACKUP_FORMAT, createdAt: "2025-01-03T00:00:00.000Z", tables };
  fs.writeFileSync(path.join(staging, "backup.json"), JSON.stringify(backup));
  await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, ["backup.json"]);
  return archive;
}
