// `npm run restore -- <archive.tar.gz>`: restores a backup into an empty DATA_DIR (or empty database).
// First: every file this script creates (database, media, archives) is owner-only.
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import path from "node:path";
import { restoreBackup } from "@/lib/backup/restore";
import { closeDb } from "@/lib/db";
import { env } from "@/lib/env";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- <archive.tar.gz>");
  process.exit(2);
}
try {
  const { rows, files } = await restoreBackup(env().DATA_DIR, path.resolve(archive));
  console.log(`Restored ${rows} rows and ${files} media files into ${env().DATA_DIR}.`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
