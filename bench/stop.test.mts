import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killMarked } from "./stop.mts";
import {
  killGroup,
  processesMarked,
  SPAWNED_MARKER,
  spawnGroup,
} from "../test/helpers/processes.ts";

const fixture = path.resolve("test/fixtures/bench-stop/run.mts");
const markers: string[] = [];
const folders: string[] = [];

// Whatever happened in a test, nothing of its runs is left.
afterAll(() => {
  for (const marker of markers) killMarked(marker);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function until(test: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A time limit (`timeout`) sends its signal to the whole process group of `npm run bench`;
// Chromium, detached by chrome-launcher, and the servers, in groups of their own, get nothing and
// used to outlive the run.
describe("npm run bench stopped half-way", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`by ${signal} leaves no process and no temporary folder behind`, async () => {
      const marker = `bench-stop-test-${process.pid}-${Date.now()}-${signal}`;
      markers.push(marker);
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-bench-stop-"));
      folders.push(scratch);
      // As `npm run bench` starts it: Node.js itself with tsx's loader, no tsx process in front
      // (tsx's CLI SIGKILLs its child when the child does not confirm a relayed signal within
      // 30 ms, which on a busy machine cut the clean-up short).
      const child = spawnGroup(
        process.execPath,
        ["--conditions=react-server", "--import", "tsx", fixture, scratch],
        {
          env: { ...process.env, PORTFOLIO_BENCH_RUN: marker },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      let output = "";
      child.stdout!.on("data", (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const marked = () => processesMarked(SPAWNED_MARKER, marker);
      await until(() => output.includes("ready"), 30_000, "the run to start");
      await until(
        () => marked().some((p) => /^chrom/.test(path.basename(p.command.split(" ")[0]!))),
        30_000,
        "Lighthouse's Chromium",
      );
      const { tmp } = JSON.parse(output.split("\n")[0]!) as { tmp: string };
      folders.push(tmp);
      expect(fs.existsSync(tmp)).toBe(true);
      // The stand-in, its paused ffmpeg and Chromium's processes (its browser and zygotes);
      // Lighthouse runs in the bench's own process.
      await until(
        () => marked().some((p) => path.basename(p.command.split(" ")[0]!) === "ffmpeg"),
        30_000,
        "the stand-in's ffmpeg",
      );
      await until(() => marked().length >= 4, 30_000, "Chromium's processes");

      killGroup(child.pid, signal);
      await exited;
      await until(() => marked().length === 0, 15_000, "the run's processes to go").catch(() => {
        throw new Error(`Still running: ${JSON.stringify(marked())}\n${output}`);
      });
      await until(() => !fs.existsSync(scratch) && !fs.existsSync(tmp), 5_000, "the folders to go");
    }, 60_000);
  }
});
