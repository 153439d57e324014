// Vitest set-up file of every test file: after the file's own hooks, whatever its tests did (passed,
// failed, timed out, or never stopped what they started), every process group it started through
// test/helpers/processes.ts (servers, CLI runs) is stopped, so the next file starts with nothing running.
import { afterAll } from "vitest";
import { stopAllGroups } from "./processes";

afterAll(async () => {
  const left = await stopAllGroups();
  if (left.length > 0) {
    console.warn(`Stopped ${left.length} process group(s) the test file left running: ${left}`);
  }
}, 30_000);
