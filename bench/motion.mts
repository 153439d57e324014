// The motion-media phases of `npm run bench` on their own, on a built tree:
// `node --conditions=react-server --import tsx bench/motion.mts [encode] [phone-loop] [resumed-upload]`
// (all three without arguments) seeds a small data directory, starts the production server, signs
// the owner up, prints each result as JSON and removes everything again (a signal included).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signUp } from "../test/helpers/auth.ts";
import { startServer } from "../test/helpers/server.ts";
import { measureEncode } from "./encode.mts";
import { makeMastersAside, mastersIn } from "./masters.mts";
import { seedFreshDataDir } from "./fresh-data.mts";
import type { Owner } from "./media-client.mts";
import { measurePhoneLoop } from "./phone-loop.mts";
import { measureResumedUpload } from "./resumable.mts";
import { nothingLeftRunning, stopCleanlyOnSignal } from "./stop.mts";

const root = path.resolve(import.meta.dirname, "..");
const all = ["encode", "phone-loop", "resumed-upload"];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
const unknown = chosen.filter((name) => !all.includes(name));
if (unknown.length) throw new Error(`Unknown phase(s): ${unknown.join(", ")}; known: ${all}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-motion-"));
const { marker } = stopCleanlyOnSignal(() => [work]);
const dataDir = path.join(work, "data");
const scratch = path.join(work, "masters");
fs.mkdirSync(scratch);
try {
  const masters = makeMastersAside(root, scratch);
  seedFreshDataDir(root, dataDir, 4, 1);
  let started = Date.now();
  await masters;
  console.log(`masters made (${Math.round((Date.now() - started) / 1000)} s after the seeding)`);
  const files = mastersIn(scratch);
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    const pid = server.process.pid!;
    const { accessToken } = await signUp(
      server.url,
      "bench-owner@example.com",
      "bench-password-123",
    );
    const owner: Owner = { url: server.url, token: accessToken };
    const projects = (await (await fetch(`${server.url}/api/projects`)).json()).data as {
      _id: string;
    }[];
    for (const name of chosen) {
      started = Date.now();
      const result =
        name === "encode"
          ? await measureEncode(owner, pid, projects[0]!._id, "/", files.prores)
          : name === "phone-loop"
            ? await measurePhoneLoop(owner, projects[1]!._id, files.loop)
            : await measureResumedUpload(owner, pid, dataDir, files.head);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(JSON.stringify({ phase: name, seconds, result }, null, 2));
    }
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
if (!nothingLeftRunning(marker)) process.exitCode = 1;
