// Starts the production server for Playwright on a fresh, empty DATA_DIR (removed on exit).
// Expects a build (`next build`); scripts/test.sh makes one first.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { serverEnvironment } from "./node-options.mjs";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// Fixtures (e2e/fixtures/seed.mts) go in before the server opens the single-process database.
// With several servers (playwright.config.ts, which starts them one after the other), the first
// seeds and saves a copy of its fresh directory at E2E_SEED_SAVE, and the others start from that
// copy (E2E_SEED_FROM): the same fixtures without seeding again (the seed opens an empty database,
// runs its migrations and writes the artwork: seconds of CPU each time).
const seed = "e2e/fixtures/seed.mts";
const { E2E_SEED_SAVE: seedSave, E2E_SEED_FROM: seedFrom } = process.env;
if (seedFrom) {
  fs.cpSync(seedFrom, dataDir, { recursive: true });
} else if (fs.existsSync(seed)) {
  const result = spawnSync("tsx", ["--conditions=react-server", seed], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`Seeding the e2e data failed (${seed})`);
  if (seedSave) {
    fs.rmSync(seedSave, { recursive: true, force: true });
    fs.cpSync(dataDir, seedSave, { recursive: true });
  }
}

// As scripts/start.sh: the production Node options and malloc settings, and next.config.ts read by
// Node.js itself, not by Next.js's compiler.
const server = spawn(
  "next",
  ["start", "--experimental-next-config-strip-types", "--port", process.env.PORT ?? "3100"],
  {
    stdio: "inherit",
    env: serverEnvironment(),
  },
);
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (seedSave) fs.rmSync(seedSave, { recursive: true, force: true });
  process.exit(code ?? 0);
});
