import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { startNodeOptions } from "../scripts/node-options.mjs";
import { untunedNodeOptions } from "./node-options.mts";

describe("the bench's untuned server", () => {
  it("runs with the production options but the heap limit", () => {
    expect(untunedNodeOptions()).not.toMatch(/--max-(old|semi)-space-size/);
    expect(startNodeOptions("512").replace("--max-old-space-size=512", "").trim()).toBe(
      untunedNodeOptions(),
    );
  });

  // V8 sizes its own limit from the memory Node.js sees: a quarter of it, up to about 4 GB.
  it.skipIf(os.totalmem() < 4 * 2 ** 30)("leaves the heap limit to V8, above the tuned one", () => {
    const result = spawnSync(
      process.execPath,
      ["-e", "console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)"],
      { env: { ...process.env, NODE_OPTIONS: untunedNodeOptions() }, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(Number(result.stdout.trim())).toBeGreaterThan(1000);
  });
});
