import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS, SPEC_BROWSER } from "./e2e/helpers/browser";

// Four production servers, each on an empty data directory of its own, with one worker each: the
// site's pages and the owner's flows run side by side without sharing data (each spec sees one
// server's projects, settings and owner). A spec spends most of its time waiting (for a page, an
// image's first encode, an animation, a toast), so four of them share two cores well.
// E2E_SERVERS=1 runs every spec on one server, E2E_SERVERS=2 the owner's on one and the visitor's
// on the other.
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const servers = process.env.E2E_SERVERS === "1" ? 1 : process.env.E2E_SERVERS === "2" ? 2 : 4;
const dataDirRoot =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portfolio-e2e-${process.pid}`);

/** The visitor-side specs go to the "site" servers; every other spec (the owner's) to "owner". */
const SITE_SPECS = /\/(site-[^/]*|smoke|touch-order|session-cookies|project-status)\.spec\.ts$/;
/**
 * The specs of the first server of each side, about half of that side's run time (1.5–1.7 min of
 * tests each); the second server of a side runs every other spec of it, new ones included.
 */
const SITE_FIRST =
  /\/(site-showcase|site-images|site-project|touch-order|session-cookies|site-footer)\.spec\.ts$/;
const OWNER_FIRST =
  /\/(auth|owner-dashboard|cover-loop|owner-a11y|gallery-order|owner-focal|owner-project-details|image-order|reel-poster|owner-editor|contact|video-renditions)\.spec\.ts$/;

type Shard = { name: string; testMatch?: RegExp; testIgnore?: RegExp[] };
const shards: (Shard & { port: number })[] = (
  servers === 1
    ? [{ name: "chromium" }]
    : servers === 2
      ? [
          { name: "owner", testIgnore: [SITE_SPECS] },
          { name: "site", testMatch: SITE_SPECS },
        ]
      : [
          { name: "owner-1", testMatch: OWNER_FIRST },
          { name: "owner-2", testIgnore: [SITE_SPECS, OWNER_FIRST] },
          { name: "site-1", testMatch: SITE_FIRST },
          { name: "site-2", testMatch: SITE_SPECS, testIgnore: [SITE_FIRST] },
        ]
).map((shard: Shard, index) => ({ ...shard, port: firstPort + index }));

const baseURLOf = (port: number) => `http://localhost:${port}`;
const seedCopy = `${dataDirRoot}-seed`;
const dataDirOf = (index: number) => (servers === 1 ? dataDirRoot : `${dataDirRoot}-${index + 1}`);

const webServer: PlaywrightTestConfig["webServer"] = shards.map(({ port }, index) => ({
  command: `node scripts/e2e-server.mjs`,
  url: baseURLOf(port),
  timeout: 120_000,
  reuseExistingServer: false,
  // SIGTERM to the server's whole process group (scripts/e2e-server.mjs, `next start` and its
  // server), so it shuts down cleanly and e2e-server.mjs removes the data directory; SIGKILL
  // after 15 s.
  gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  env: {
    PORT: String(port),
    DATA_DIR: dataDirOf(index),
    NEXT_PUBLIC_SITE_URL: baseURLOf(port),
    AUTH_SETUP_TOKEN: "e2e-owner-setup-token-0123456789",
    // The first server seeds and saves a copy that the others start from (scripts/e2e-server.mjs).
    ...(servers > 1 ? { [index === 0 ? "E2E_SEED_SAVE" : "E2E_SEED_FROM"]: seedCopy } : {}),
    // Nothing listens there: a saved Vimeo link never asks the real Vimeo for its thumbnail.
    VIMEO_OEMBED_URL: "http://127.0.0.1:9/oembed.json",
  },
  stdout: "pipe",
}));

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  // A spec file's tests run in order, in one worker, against its project's server.
  fullyParallel: false,
  workers: shards.length,
  retries: process.env.CI ? 1 : 0,
  // Owner controls appear once the session is read, which loads supabase-js first; on a busy
  // 2-core CI machine that took over 5 s (Playwright's default) while the other server's specs ran.
  expect: { timeout: 10_000 },
  // Four specs share two cores: a test that takes 30 s (Playwright's default limit) on a busy
  // machine is slow, not broken.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    // A trace is recorded only on a retry (CI retries a failed test once): recording one for
    // every test, kept or not, cost a fifth of the lane's CPU (screencast frames and DOM snapshots
    // of passing tests). `npm run test:e2e -- --trace retain-on-failure` records them all.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: SPEC_BROWSER, args: CHROMIUM_ARGS },
  },
  projects: shards.map(({ name, port, testMatch, testIgnore }) => ({
    name,
    // One worker per server: two files of one project never run at the same time.
    workers: 1,
    ...(testMatch ? { testMatch } : {}),
    ...(testIgnore ? { testIgnore } : {}),
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: baseURLOf(port) },
  })),
  webServer,
});
