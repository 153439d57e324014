/**
 * Runs once when the server starts. The Node.js part lives in its own modules so the Edge build of
 * this file never sees Node APIs.
 */
import type { Instrumentation } from "next";

export async function register() {
  // process.env, not lib/env.ts: this file is also built for the Edge runtime, where lib/env.ts's
  // Node imports cannot load.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build")
    return;
  // Before the first requests' collections: V8's heap growing factor (docs/memory.md).
  const { setHeapGrowth } = await import("@/lib/startup/heap-growth");
  setHeapGrowth();
  // Logging next, so even a start-up failure is a JSON line with LOG_FORMAT=json.
  const { routeConsoleToLogger } = await import("@/lib/startup/logger");
  routeConsoleToLogger();
  // View beacons are answered before Next.js routes them; installed first, so the address stamp
  // and the request tracking below still run before it.
  const { answerViewBeacons } = await import("@/lib/startup/view-beacons");
  answerViewBeacons();
  const { stampClientAddresses } = await import("@/lib/startup/client-address");
  stampClientAddresses();
  const { handleShutdownSignals, trackRequests } = await import("@/lib/startup/lifecycle");
  trackRequests();
  handleShutdownSignals();
  const { checkStartup } = await import("@/lib/startup/check");
  await checkStartup();
  // With DATABASE_URL: hear the other servers' writes before taking a request.
  const { startInstanceSync } = await import("@/lib/startup/instance-sync");
  await startInstanceSync();
  // Which project pages a visitor can open: every other id gets the one kept 404 page.
  const { registerProjectPageIds } = await import("@/lib/startup/project-pages");
  registerProjectPageIds();
  // Publishing on a schedule: a timer for the next publishing or unpublishing time.
  const { startPublishSchedule } = await import("@/lib/startup/publish-schedule");
  await startPublishSchedule();
  // The view counts: written in batches, and folded into monthly totals after 13 months.
  const { startViewJobs } = await import("@/lib/data/views");
  startViewJobs();
  // Blur-up placeholders for images stored without them, in the background, while that job is owed.
  const { startPlaceholderFill } = await import("@/lib/startup/fill-placeholders");
  await startPlaceholderFill();
  // Uploaded videos' renditions, one job at a time at low CPU priority (docs/operations.md).
  const { startVideoWorker } = await import("@/lib/startup/video-worker");
  await startVideoWorker();
}

/** With LOG_FORMAT=json, a failed render or route handler is one structured line with its route. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { jsonLogs, logger } = await import("@/lib/startup/logger");
  if (!jsonLogs()) return; // Next.js logs it already.
  const path = request.path.replace(/[?#].*$/, "");
  logger().error(
    {
      err: error,
      req: { method: request.method, path },
      route: { path: context.routePath, type: context.routeType, kind: context.routerKind },
    },
    "request failed",
  );
};
