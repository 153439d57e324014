// The budgets of the performance issue; `npm run bench -- --check` fails when one is missed.
import type { Results } from "./report.mts";

export type Verdict = { budget: string; actual: string; ok: boolean };

export function checkBudgets(results: Results): Verdict[] {
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
  const rssRatio = results.memory.afterLoadMb / results.memory.idleMb;
  add("RSS after load ≤ 2× idle", `${rssRatio.toFixed(2)}×`, rssRatio <= 2);
  return verdicts;
}
