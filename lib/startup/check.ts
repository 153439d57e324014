import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { isHostedAuth } from "@/lib/supabase/config";
import { ownerExists } from "@/lib/auth-service/users";
import { readSetupToken, retireSetupToken, setupTokenFile } from "@/lib/auth-service/setup-token";
import { makePrivate, restrictFileModes } from "@/lib/db/private-files";
import { purgeExpiredTrash } from "@/lib/trash/purge";
import { TRASH_RETENTION_DAYS } from "@/lib/validation/limits";
import { sweepOrphanedMedia } from "./sweep-media";
import { sendMailsNow } from "@/lib/site/contact-mail";
import { mediaKeyInUse } from "@/lib/data/media-keys";
import { directUploadConfig, sweepAbandonedDirectUploads } from "@/lib/uploads/direct";
import { sendDueReviewMail } from "@/lib/api/review-mail";
import { runEvery } from "@/lib/background";
import { scheduleResumableSweep } from "./sweep-resumable";

const HOUR_MS = 60 * 60 * 1000;
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
    // An install from before owner-only modes: its database files were 0666.
    const opened = await makePrivate(config.DATA_DIR);
    if (opened > 0) console.log(`Start-up: made ${opened} file(s) under DATA_DIR owner-only.`);
    db = await getDb();
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  try {
    await announceOwnerSetup(db);
  } catch (error) {
    console.error(`Owner setup check failed: ${(error as Error).message}`);
  }
  try {
    // Before the media sweep, so the files of purged items go in the same start.
    const purged = await purgeExpiredTrash();
    console.log(
      `Start-up trash purge: removed ${purged.projects.length} project(s) and ` +
        `${purged.sections.length} section(s) trashed over ${TRASH_RETENTION_DAYS} days ago, ` +
        `and ${purged.messages} contact message(s) trashed or filed as spam before then.`,
    );
  } catch (error) {
    console.error(`Start-up trash purge failed: ${(error as Error).message}`);
  }
  runEvery("Trash purge", 6 * HOUR_MS, purgeExpiredTrash);
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
  scheduleDirectUploadSweep();
  scheduleResumableSweep();
  // Owner mails about contact messages still owed from before the restart (not awaited).
  void sendMailsNow();
  // Reviewers' comments, one mail per visit (docs/spec.md §13), every minute.
  runEvery("Review mail", 60_000, sendDueReviewMail);
}

/**
 * With Cloudinary: destroys direct uploads the browser made but never saved, now and every 6
 * hours. Not awaited: Cloudinary being slow or unreachable must not hold up the start.
 */
function scheduleDirectUploadSweep(): void {
  const config = directUploadConfig();
  if (!config) return;
  const sweep = async () => {
    const destroyed = await sweepAbandonedDirectUploads(config, { inUse: mediaKeyInUse });
    if (destroyed.length > 0)
      console.log(`Destroyed ${destroyed.length} abandoned direct upload(s) on Cloudinary.`);
  };
  runEvery("Direct-upload sweep", 6 * HOUR_MS, sweep, { now: true });
}

/**
 * Until an owner account exists (embedded auth service), prints how to create it: the one-time
 * setup link, which only whoever reads this log (or DATA_DIR/auth/setup-token) has.
 */
async function announceOwnerSetup(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  if (isHostedAuth()) return;
  // A token file left from before the owner existed goes (an older version kept it).
  if (await ownerExists(db)) return retireSetupToken();
  const config = env();
  // Without a configured URL (`npm start` on this machine) the link is the local server's, so it
  // can be opened as printed rather than read as a path.
  const site =
    config.NEXT_PUBLIC_SITE_URL?.replace(/\/$/, "") ?? `http://localhost:${config.PORT ?? 3000}`;
  const proof =
    config.OWNER_EMAILS.length > 0
      ? ` (or sign up with ${config.OWNER_EMAILS.join(" / ")} and open the confirmation link mailed to it)`
      : "";
  if (config.AUTH_SETUP_TOKEN) {
    console.log(
      `Owner setup: no owner account yet. Create it at ${site}/signup?setup_token=<AUTH_SETUP_TOKEN>${proof}.`,
    );
    return;
  }
  const token = readSetupToken();
  console.log(
    `Owner setup: no owner account yet. Create it at ${site}/signup?setup_token=${token}${proof}. ` +
      `For Google, open ${site}/signin?setup_token=${token} and continue with Google. ` +
      `The token is also in ${setupTokenFile(config.DATA_DIR)} and stops working once the owner exists.`,
  );
}
