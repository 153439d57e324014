// Vitest set-up file of every test file: after the file's own hooks, whatever its tests did (passed,
// failed, timed out, or never stopped what they started), every process group it started through
// test/helpers/processes.ts (servers, CLI runs) is stopped, so the next file starts with nothing
// running. Files share their worker process (vitest.config.mts), so the environment variables a
// file set or removed are put back as they were before it.
import { afterAll } from "vitest";
import { stopAllGroups } from "./processes";

const environment = { ...process.env };

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  const left = await stopAllGroups();
  if (left.length > 0) {
    console.warn(`Stopped ${left.length} process group(s) the test file left running: ${left}`);
  }
}, 30_000);
