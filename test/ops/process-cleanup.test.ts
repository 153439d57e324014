// Nothing a test starts outlives it: a server whose test fails, a server whose test times out with
// nobody stopping it, and a process started outside the helpers are all gone once the (nested)
// Vitest run ends, and the run fails loudly in the last case. Each case is a real Vitest run of a
// fixture file under test/fixtures/process-cleanup.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_START_TIMEOUT } from "../helpers/auth";
import { sharedPgTemplateEnv } from "../helpers/pg-template";
import {
  processesMarked,
  processesMatching,
  spawnGroup,
  SPAWNED_MARKER,
} from "../helpers/processes";

// Made when the file's tests run (not when it is only collected), removed after them.
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-cleanup-test-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Recorded = { url?: string; pid: number; dataDir?: string };

async function runFixture(fixture: string, extraEnv: Record<string, string> = {}) {
  const session = `cleanup-${fixture}-${process.pid}-${Date.now()}`;
  const out = path.join(work, `${fixture}.json`);
  const child = spawnGroup(
    path.resolve("node_modules/.bin/vitest"),
    ["run", "--config", "test/fixtures/process-cleanup/vitest.config.mts"],
    {
      env: {
        ...process.env,
        ...sharedPgTemplateEnv(),
        CLEANUP_FIXTURE: fixture,
        CLEANUP_OUT: out,
        PORTFOLIO_TEST_SESSION: session,
        // The nested run's own reporter output, without colours, for the assertions below.
        NO_COLOR: "1",
        FORCE_COLOR: "0",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const recorded = JSON.parse(fs.readFileSync(out, "utf8")) as Recorded;
  return { code, output, recorded, session };
}

/** Whether anything still answers on the URL's port. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Running, that is: a zombie waiting for its parent to collect it has ended. */
const alive = (pid: number) => processesMatching((info) => info.pid === pid).length > 0;

describe("processes started by tests", () => {
  it(
    "a failing test's server (next start and its next-server) is gone when the run ends",
    async () => {
      const { code, output, recorded, session } = await runFixture("fails.fixture.ts");
      expect(code, output).toBe(1);
      expect(output).toContain("fails with the server running");
      expect(output).not.toContain("still running after them");
      expect(processesMarked(SPAWNED_MARKER, session)).toEqual([]);
      expect(alive(recorded.pid)).toBe(false);
      expect(await answers(recorded.url!)).toBe(false);
      // The data directory is free again: nothing holds its lock.
      expect(fs.existsSync(path.join(recorded.dataDir!, ".lock"))).toBe(false);
      fs.rmSync(recorded.dataDir!, { recursive: true, force: true });
    },
    SERVER_START_TIMEOUT * 2,
  );

  it(
    "a server nobody stops, in a test that times out, ends with the test process",
    async () => {
      const { code, output, recorded, session } = await runFixture("times-out.fixture.ts");
      expect(code, output).toBe(1);
      expect(output).toContain("Test timed out");
      expect(output).not.toContain("still running after them");
      expect(processesMarked(SPAWNED_MARKER, session)).toEqual([]);
      expect(await answers(recorded.url!)).toBe(false);
      fs.rmSync(recorded.dataDir!, { recursive: true, force: true });
    },
    SERVER_START_TIMEOUT * 2,
  );

  it("a process started outside the helpers is found, killed and fails the run", async () => {
    // Its process never ends by itself: the teardown need not wait the usual 10 s to say so.
    const { code, output, recorded, session } = await runFixture("forgotten.fixture.ts", {
      PORTFOLIO_TEST_LEFTOVER_GRACE_MS: "1000",
    });
    expect(code, output).toBe(1);
    expect(output).toContain("1 process(es) started by the tests were still running after them");
    expect(output).toContain(`pid ${recorded.pid} `);
    expect(processesMarked(SPAWNED_MARKER, session)).toEqual([]);
    expect(alive(recorded.pid)).toBe(false);
  }, 60_000);
});
