import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startNodeOptions, untunedNodeOptions } from "./node-options.mjs";

describe("the production Node.js options", () => {
  it("are the ones the Docker image and the systemd unit spell out", () => {
    const options = startNodeOptions("512");
    expect(fs.readFileSync("Dockerfile", "utf8")).toContain(`NODE_OPTIONS="${options}"`);
    expect(fs.readFileSync("deploy/vps/portfolio.service", "utf8")).toContain(
      `Environment="NODE_OPTIONS=${options}"`,
    );
  });

  it("are accepted by this Node.js in NODE_OPTIONS and set the heap limit", () => {
    const result = spawnSync(
      process.execPath,
      ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"],
      { env: { ...process.env, NODE_OPTIONS: startNodeOptions("300") }, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    // The old-space limit plus the young generation's (three 4 MB semi-spaces' worth).
    const limitMb = Number(result.stdout.trim());
    expect(limitMb).toBeGreaterThanOrEqual(300);
    expect(limitMb).toBeLessThan(320);
  });

  it("without the memory settings (the bench's before server) leave the heap to V8", () => {
    const read = (options: string) => {
      const result = spawnSync(
        process.execPath,
        ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"],
        { env: { ...process.env, NODE_OPTIONS: options }, encoding: "utf8" },
      );
      expect(result.stderr).toBe("");
      return Number(result.stdout.trim());
    };
    const tunedLimit = read(startNodeOptions("512"));
    const untunedLimit = read(untunedNodeOptions());
    // V8 sizes it from the machine's memory: above 512 MB on any machine with 2 GB or more.
    expect(tunedLimit).toBeLessThan(530);
    expect(untunedLimit).toBeGreaterThan(tunedLimit);
    // The options that are not about memory are the same.
    expect(startNodeOptions("512").endsWith(untunedNodeOptions())).toBe(true);
  });
});
