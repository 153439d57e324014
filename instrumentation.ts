/**
 * Runs once when the server starts. The Node.js part lives in its own module so the Edge build of
 * this file never sees Node APIs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build")
    return;
  const { stampClientAddresses } = await import("@/lib/startup/client-address");
  stampClientAddresses();
  const { checkStartup } = await import("@/lib/startup/check");
  await checkStartup();
}
