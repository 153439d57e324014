import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const resolve = {
  alias: {
    "@": path.resolve(import.meta.dirname),
    // Outside Next's react-server bundle the guard package throws on import; tests run server code directly.
    "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
  },
};

// Every process a test starts is marked with this run's name (test/helpers/processes.ts); the global
// set-up's teardown fails the run if one is still alive after the tests.
process.env.PORTFOLIO_TEST_SESSION ??= `vitest-${process.pid}-${Date.now()}`;

export default defineConfig({
  resolve,
  test: {
    globalSetup: ["test/helpers/global-setup.ts"],
    environment: "node",
    pool: "forks",
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          setupFiles: ["test/helpers/setup-processes.ts"],
          include: [
            "lib/**/*.test.ts",
            "scripts/**/*.test.ts",
            "components/**/*.test.ts",
            "bench/**/*.test.mts",
          ],
          environment: "node",
          pool: "forks",
          // The files of a worker share its process and loaded modules instead of each importing
          // the product code afresh: 185 CPU-s for the unit files instead of 247. A file that
          // needs its own copy of a module loads it after vi.resetModules().
          isolate: false,
          // Vitest's default is one worker fewer than the cores, so one on a 2-core machine; a unit
          // file keeps about one core busy (PGlite runs inside it), so they run one per core.
          // scripts/test.sh runs them in one worker beside the server files (UNIT_WORKERS=1).
          maxWorkers: Number(process.env.UNIT_WORKERS) || os.availableParallelism(),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // Each file starts production servers (`next start`) or uses the run's shared one
          // (test/helpers/shared-site.ts) and checks memory and timings, so they run one file at a
          // time. Vitest runs such a project after all the others; scripts/test.sh runs its folders
          // in two Vitests of their own, beside the unit files and Playwright, instead.
          name: "server",
          setupFiles: ["test/helpers/setup-processes.ts"],
          include: ["test/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
