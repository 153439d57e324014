// The budgets of the performance issue; `npm run bench -- --check` fails when one is missed.
import type { Results } from "./report.mts";

export type Verdict = { budget: string; actual: string; ok: boolean };

/** Memory budgets of the embedded default (issue 19), RSS of the server's process tree in MB. */
export const IDLE_RSS_BUDGET_MB = 300;
export const AFTER_LOAD_RSS_BUDGET_MB = 450;
/** Measurement noise allowed when comparing a first start with a restart. */
const FIRST_START_TOLERANCE = 1.05;
/** Cached pages may not lose more than this share of their throughput against the last run. */
const THROUGHPUT_TOLERANCE = 0.95;

/**
 * `previous`: the results this run replaces (bench/results.json), for the throughput comparison;
 * each cached page's ratio to its static ceiling is compared, which holds across machines.
 */
export function checkBudgets(results: Results, previous?: Results | null): Verdict[] {
  const verdicts: Verdict[] = [];
  const add = (budget: string, actual: string, ok: boolean) =>
    verdicts.push({ budget, actual, ok });

  for (const lh of results.lighthouse) {
    const where = `${new URL(lh.url).pathname} (${lh.preset})`;
    const perfTarget = lh.preset === "mobile" ? 95 : 100;
    add(
      `Lighthouse performance ≥ ${perfTarget} on ${where}`,
      String(lh.performance),
      lh.performance >= perfTarget,
    );
    for (const key of ["accessibility", "bestPractices", "seo"] as const) {
      add(`Lighthouse ${key} = 100 on ${where}`, String(lh[key]), lh[key] === 100);
    }
  }
  for (const page of results.load.pages) {
    add(
      `0 errors and 0 non-2xx on ${page.name}`,
      `${page.errors} errors, ${page.non2xx} non-2xx`,
      page.errors === 0 && page.non2xx === 0,
    );
  }
  for (const page of results.load.pages.filter((p) => p.cached)) {
    // Against a static page of the same size, measured just before it (bench/run.mts).
    const ratio = page.vsNextStatic;
    add(
      `${page.name} ≥ 90 % of the Next.js static ceiling`,
      `${(ratio * 100).toFixed(0)} %`,
      ratio >= 0.9,
    );
  }
  const homeJs = results.firstLoadJs["/"] ?? Infinity;
  add("first-load JS of / ≤ 120 kB gzip", `${(homeJs / 1024).toFixed(1)} kB`, homeJs <= 120 * 1024);
  if (results.upload) {
    const ratio = results.upload.uploadMs / results.upload.copyMs;
    add("50 MB upload ≤ 3× plain copy", `${ratio.toFixed(2)}×`, ratio <= 3);
  }
  const memory = results.memory;
  const rssRatio = memory.afterLoadMb / memory.idleMb;
  add("RSS after load ≤ 2× idle", `${rssRatio.toFixed(2)}×`, rssRatio <= 2);
  add(
    `idle RSS ≤ ${IDLE_RSS_BUDGET_MB} MB after warm-up`,
    `${memory.idleMb} MB`,
    memory.idleMb <= IDLE_RSS_BUDGET_MB,
  );
  add(
    `RSS ≤ ${AFTER_LOAD_RSS_BUDGET_MB} MB after the full load`,
    `${memory.afterLoadMb} MB`,
    memory.afterLoadMb <= AFTER_LOAD_RSS_BUDGET_MB,
  );
  if (memory.firstStartMb !== undefined && memory.restartMb !== undefined) {
    add(
      "first start on an empty DATA_DIR no higher than a restart (±5 %)",
      `${memory.firstStartMb} MB vs ${memory.restartMb} MB`,
      memory.firstStartMb <= memory.restartMb * FIRST_START_TOLERANCE,
    );
  }
  for (const page of results.load.pages.filter((p) => p.cached)) {
    const before = previous?.load.pages.find((p) => p.name === page.name);
    if (!before) continue;
    const ratio = page.vsNextStatic / before.vsNextStatic;
    add(
      `${page.name} throughput within 5 % of the previous run (against its ceiling)`,
      `${(ratio * 100).toFixed(0)} %`,
      ratio >= THROUGHPUT_TOLERANCE,
    );
  }
  return verdicts;
}
