import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT } from "./heap-growth";

const moduleUrl = new URL("./heap-growth.ts", import.meta.url).href;

/**
 * Runs a Node.js process with the server's old-space limit, optionally calls setHeapGrowth, forces
 * full collections and returns the growing factors V8 applied (`--trace-gc-verbose`).
 */
function factorsChosen(options: { setGrowth: boolean; execArgv?: string[] }): string[] {
  const script = `
    const { setHeapGrowth } = await import(${JSON.stringify(moduleUrl)});
    if (${options.setGrowth}) console.log("set:" + setHeapGrowth(process.execArgv));
    const kept = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2e5; i++) kept.push({ i, s: "x" + i });
      globalThis.gc();
    }
    console.log("kept:" + kept.length);
  `;
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--max-old-space-size=512",
      "--expose-gc",
      "--trace-gc-verbose",
      ...(options.execArgv ?? []),
      "--input-type=module",
      "-e",
      script,
    ],
    { cwd: path.resolve(import.meta.dirname, "../.."), encoding: "utf8", timeout: 60_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain("kept:600000");
  if (options.setGrowth && !options.execArgv) expect(result.stdout).toContain("set:true");
  // "[HeapController] Limit: old size: … KB, new limit: … KB (1.5)": the factor V8 applied.
  const applied = /\[HeapController\] Limit: .*\((\d+\.\d)\)$/gm;
  return [...result.stdout.matchAll(applied)].map((match) => match[1] ?? "");
}

describe("setHeapGrowth", () => {
  it("makes V8 grow the old generation by HEAP_GROWING_PERCENT after every full collection", () => {
    const expected = (1 + HEAP_GROWING_PERCENT / 100).toFixed(1);
    const before = factorsChosen({ setGrowth: false });
    expect(before.length).toBeGreaterThan(0);
    // With the 512 MB limit V8 caps its own factor at about 1.35 (printed rounded, "1.4").
    expect(before.every((factor) => Number(factor) < Number(expected))).toBe(true);

    const after = factorsChosen({ setGrowth: true });
    expect(after.length).toBeGreaterThan(0);
    expect(after.at(-1)).toBe(expected);
  });

  it("leaves a factor given on Node's command line as it is", () => {
    const chosen = factorsChosen({ setGrowth: true, execArgv: ["--heap-growing-percent=20"] });
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.every((factor) => factor === "1.2")).toBe(true);
  });
});
