// Applies pending migrations to the configured database (PGlite under DATA_DIR, or DATABASE_URL),
// then exits. Takes the data-directory lock, so it refuses to run while the site is running on PGlite.
// First: every file this script creates (database, media, archives) is owner-only.
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import { closeDb, getDb } from "@/lib/db";

try {
  await getDb();
  console.log("Database is up to date.");
  await closeDb();
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
