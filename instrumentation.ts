/**
 * Runs once when the server starts. The Node.js part lives in its own module so the Edge build of
 * this file never sees Node APIs.
 */
export async function register() {
  // process.env, not lib/env.ts: this file is also built for the Edge runtime, where lib/env.ts's
  // Node imports cannot load.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build")
    return;
  const { checkStartup } = await import("@/lib/startup/check");
  await checkStartup();
}
