import type { TestProject } from "vitest/node";
import { PGLITE_START_PARAMS } from "@/lib/db/pglite-params";
import { startApiSite } from "./api-client";
import { createPgTemplate } from "./pg-template";
import { killGroup, processesMarked, SPAWNED_MARKER, type ProcessInfo } from "./processes";

/**
 * How long processes a test stopped may take to go before they count as left running; shorter for
 * a nested run whose leftover is never going to end (test/ops/process-cleanup.test.ts).
 */
const GRACE_MS = Number(process.env.PORTFOLIO_TEST_LEFTOVER_GRACE_MS) || 10_000;

/**
 * Vitest's global set-up: names the run, so every process a test starts carries that name
 * (test/helpers/processes.ts), and after the last test checks that none of them is still alive. Leftovers
 * are killed and fail the run, with their command lines: a server a test forgot would otherwise
 * hold its port and data directory long after `npm test` ended.
 *
 * When the run has the server project (on PGlite), it also starts the shared site
 * (test/helpers/shared-site.ts) once, from the template, and hands its address to the files; it is
 * stopped before the check.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.PORTFOLIO_TEST_SESSION ??= `vitest-${process.pid}-${Date.now()}`;
  const session = process.env.PORTFOLIO_TEST_SESSION;
  // On PostgreSQL (TEST_DATABASE_URL) no test opens an embedded database; a nested run, and each
  // Vitest of `npm test`, uses templates made before it (PORTFOLIO_TEST_PG_TEMPLATE_DIR: the run it
  // is nested in, scripts/test.sh).
  const removeTemplate =
    process.env.TEST_DATABASE_URL || process.env.PORTFOLIO_TEST_PG_TEMPLATE_DIR
      ? () => {}
      : await createPgTemplate(PGLITE_START_PARAMS);
  const shared =
    !process.env.TEST_DATABASE_URL && project.vitest.projects.some((p) => p.name === "server")
      ? await startApiSite()
      : null;
  project.provide("sharedSite", shared && { url: shared.server.url, dataDir: shared.dataDir });
  return async () => {
    await shared?.stop();
    removeTemplate();
    const deadline = Date.now() + GRACE_MS;
    let left: ProcessInfo[] = processesMarked(SPAWNED_MARKER, session);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = processesMarked(SPAWNED_MARKER, session);
    }
    if (left.length === 0) return;
    for (const { pid, pgid } of left) {
      killGroup(pgid, "SIGKILL");
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    // Vitest only logs an error thrown here ("error during close"); the run must fail.
    process.exitCode = 1;
    throw new Error(
      `${left.length} process(es) started by the tests were still running after them ` +
        `(now killed):\n${left.map((p) => `  pid ${p.pid} (group ${p.pgid}): ${p.command}`).join("\n")}`,
    );
  };
}
