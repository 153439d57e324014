import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * Checks the environment and opens (and migrates) the database, so a bad configuration stops the
 * server at once with one clear line instead of failing requests later.
 */
export async function checkStartup(): Promise<void> {
  try {
    env();
    await getDb();
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
