// The bench runs before this one, for the report's comparison of the cached pages with them
// (compareWithEarlier in bench/budgets.mts; not a budget): bench/results.json as the working tree
// has it, then the runs committed before it (git history of that file).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Results } from "./report.mts";

/** How many earlier runs that comparison takes the median of. */
export const EARLIER_RUNS = 3;

/**
 * Up to `count` distinct earlier runs, most recent first. Without git (a copy of the sources, not
 * a clone) only the working tree's results.json counts.
 */
export function earlierRuns(root: string, count = EARLIER_RUNS): Results[] {
  const texts: string[] = [];
  const file = path.join(root, "bench/results.json");
  if (fs.existsSync(file)) texts.push(fs.readFileSync(file, "utf8"));
  try {
    const commits = execFileSync(
      "git",
      ["log", `-n${count + 1}`, "--format=%H", "--", "bench/results.json"],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    )
      .split("\n")
      .filter(Boolean);
    for (const commit of commits) {
      texts.push(
        execFileSync("git", ["show", `${commit}:bench/results.json`], {
          cwd: root,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
          maxBuffer: 16 * 2 ** 20,
        }),
      );
    }
  } catch {
    // Not a git checkout: the working tree's file alone.
  }
  const runs = new Map<string, Results>();
  for (const text of texts) {
    const run = JSON.parse(text) as Results;
    // The working tree's file is usually the last commit's: one run, counted once.
    runs.set(run.date, run);
  }
  return [...runs.values()].slice(0, count);
}
