// Creates a PGlite data directory (initdb), applies the migrations and exits: run by
// lib/db/index.ts in a process of its own on a first start, so the memory initdb and the first
// migration take is returned to the system instead of staying with the server.
// Usage: node lib/db/pglite-initdb.mjs <pg data directory> <migrations folder>; PGLITE_START_PARAMS
// (JSON array) are the parameters the server opens it with.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [dir, migrationsFolder] = process.argv.slice(2);
if (!dir || !migrationsFolder) {
  console.error("Usage: node lib/db/pglite-initdb.mjs <directory> <migrations folder>");
  process.exit(2);
}
const startParams = process.env.PGLITE_START_PARAMS
  ? JSON.parse(process.env.PGLITE_START_PARAMS)
  : undefined;
const client = await PGlite.create(dir, startParams ? { startParams } : {});
try {
  await migrate(drizzle({ client }), { migrationsFolder });
} finally {
  await client.close();
}
