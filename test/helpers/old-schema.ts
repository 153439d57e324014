import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";

/** Runs one SQL query on the old-schema database. */
export type Execute = (query: ReturnType<typeof sql>) => Promise<unknown>;

/**
 * For the migration tests (lib/db/migration-*.test.ts): a copy of drizzle/ in `work` as it was
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
