// The bench's "idle" RSS: a warmed-up server read once it has rested.
//
// V8's memory reducer runs a full collection once the process has stopped allocating for several
// seconds (about 10–15 s after the last request here) and gives the freed heap back to the system.
// Read 2 s after the warm-up, the seeded server's RSS still held that garbage: 287, 291 and 284 MB
// at 2, 5 and 10 s in three starts, then 274, 277 and 272 MB from 15 s to 45 s, flat.
// A site nobody is visiting sits at the latter, so that is what "idle" measures; a reading taken
// before the reducer instead moves with when the last collection happened (282–301 MB over five
// bench runs, against the 300 MB budget).
import { treeRssMb } from "../reliability/soak-stats.mts";
import type { RunningServer } from "../test/helpers/server.ts";

export const IDLE_WAIT_MS = 20_000;

/** The bench's warm-up of a server: each path loaded three times. */
export async function warmUpPaths(server: RunningServer, paths: readonly string[]) {
  for (const p of paths)
    for (let i = 0; i < 3; i++) await (await fetch(server.url + p)).arrayBuffer();
}

/**
 * Warms the server up (warmUpPaths), lets it rest for IDLE_WAIT_MS, and returns the RSS of its
 * whole process tree in MB (bench/run.mts and bench/memory.mts).
 */
export async function restingRssMb(server: RunningServer, paths: readonly string[]) {
  await warmUpPaths(server, paths);
  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
  return treeRssMb(server.process.pid!);
}
