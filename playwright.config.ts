import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// Every run starts the production server on an empty data directory of its own.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portfolio-e2e-${process.pid}`);

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: baseURL,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM to the server's whole process group (scripts/e2e-server.mjs, `next start` and its
    // server), so it shuts down cleanly and e2e-server.mjs removes the data directory; SIGKILL
    // after 15 s.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NEXT_PUBLIC_SITE_URL: baseURL,
      AUTH_SETUP_TOKEN: "e2e-owner-setup-token-0123456789",
    },
    stdout: "pipe",
  },
});
