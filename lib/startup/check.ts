import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { makePrivate, restrictFileModes } from "./private-files";
import { sweepOrphanedMedia } from "./sweep-media";

/** With PostgreSQL several processes may share DATA_DIR; their in-flight files are this young. */
const SHARED_DATA_DIR_GRACE_MS = 10 * 60 * 1000;

/**
 * Checks the environment and opens (and migrates) the database, so a bad configuration stops the
 * server at once with one clear line instead of failing requests later. Then removes what a crash
 * may have left on disk; this runs from instrumentation's register(), which Next.js awaits before
 * the server takes any request, so no upload of this process can be in flight.
 */
export async function checkStartup(): Promise<void> {
  // Before anything is created: the database, uploads, outbox and keys are the owner's alone.
  restrictFileModes();
  let config: ReturnType<typeof env>;
  let db: Awaited<ReturnType<typeof getDb>>;
  try {
    config = env();
    // An install from before owner-only modes: its database files were 0666 (issue 16).
    const opened = await makePrivate(config.DATA_DIR);
    if (opened > 0) console.log(`Start-up: made ${opened} file(s) under DATA_DIR owner-only.`);
    db = await getDb();
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  try {
    const { mediaRemoved, tempRemoved } = await sweepOrphanedMedia(db, {
      dataDir: config.DATA_DIR,
      // The embedded database holds the data-directory lock: nobody else can be writing.
      graceMs: config.DATABASE_URL ? SHARED_DATA_DIR_GRACE_MS : 0,
      keepLocalMedia: Boolean(config.CLOUDINARY_URL),
    });
    console.log(
      `Start-up sweep: removed ${mediaRemoved.length} unreferenced media file(s) and ` +
        `${tempRemoved.length} leftover upload folder(s).`,
    );
  } catch (error) {
    // Clean-up only: a failure must not keep the site down.
    console.error(`Start-up sweep failed: ${(error as Error).message}`);
  }
}
