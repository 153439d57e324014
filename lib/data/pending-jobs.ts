import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

/**
 * The one-off job that gives stored images their blur-up placeholder: a row of `pending_jobs`
 * (drizzle/0011) while it is owed, run after a start by lib/startup/fill-placeholders.ts.
 */
export const PLACEHOLDER_JOB = "placeholder-backfill";

/** Owes the job again: an image was stored without a placeholder the server could make. */
export async function owePlaceholders(): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`insert into pending_jobs (name) values (${PLACEHOLDER_JOB}) on conflict do nothing`,
  );
}
