// `npm run backup [-- <archive.tar.gz>]`: one archive with every table and all local media.
// Takes the data-directory lock, so on PGlite it runs while the site is stopped.
// First: every file this script creates (database, media, archives) is owner-only.
import "@/scripts/cli/private-umask";
import "@/scripts/cli/cli-env";
import path from "node:path";
import { createBackup } from "@/lib/backup/backup";
import { closeDb } from "@/lib/db";
import { env } from "@/lib/env";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const archive = path.resolve(process.argv[2] ?? `portfolio-backup-${stamp}.tar.gz`);
try {
  const { rows, files } = await createBackup(env().DATA_DIR, archive);
  console.log(`Wrote ${archive}: ${rows} rows, ${files} media files.`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
