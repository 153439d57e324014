import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { markedEnv } from "./processes";
import { freePort } from "./server";

const run = promisify(execFile);
const script = path.resolve("scripts/pg-test-server.sh");

export type PgServer = {
  url: string;
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  stop: () => Promise<void>;
  /** Starts it again on the same data and port. */
  resume: () => Promise<void>;
  /** Stops it and deletes its data. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL server of its own for a test that takes it down and brings it back, beside the
 * shared one scripts/test.sh starts (same script, another port and folder).
 */
export async function startPgServer(): Promise<PgServer> {
  const port = await freePort();
  const dir = `/tmp/portfolio-pg-outage-${port}`;
  // Marked: the PostgreSQL server it starts must be gone when the tests end (test/helpers/global-setup.ts).
  const env = markedEnv({ ...process.env, PG_TEST_PORT: String(port), PG_TEST_DIR: dir });
  const call = async (...args: string[]) => (await run("bash", [script, ...args], { env })).stdout;
  const url = (await call()).trim();
  return {
    url,
    stop: async () => void (await call("stop")),
    resume: async () => void (await call("resume")),
    destroy: async () => {
      await call("stop");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
