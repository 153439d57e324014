/**
 * Runs once when the server starts: checks the environment and opens (and migrates) the database,
 * so a bad configuration stops the server at once with one clear line instead of failing requests.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build")
    return;
  const { env } = await import("@/lib/env");
  const { getDb } = await import("@/lib/db");
  try {
    env();
    await getDb();
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
