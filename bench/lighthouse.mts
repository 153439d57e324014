// Lighthouse (npm `lighthouse`, through its Node API, with the system Chromium), median of N runs
// per page and preset.
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouseRun, { desktopConfig } from "lighthouse";
import { screenEmulationMetrics, userAgents } from "lighthouse/core/config/constants.js";
import { median } from "./median.mts";

export type LighthouseResult = {
  url: string;
  preset: "mobile" | "desktop";
  /** How many runs the figures are the median of. */
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failedAudits: string[];
  /**
   * Runs measured again because the browser stalled before its first contentful frame (see
   * `presentationStalled`); 0 when none did. Reported beside the scores.
   */
  stalledRuns?: number;
  /**
   * What came first, discarded: a plain first visit (`firstVisit`), nothing (false), or in results
   * of older runs a whole Lighthouse run (true, or no field).
   */
  warmUp?: "visit" | boolean;
};

/** The parts of a Lighthouse report `presentationStalled` reads. */
export type ObservedTimings = {
  audits: {
    metrics?: {
      details?: { items?: { observedFirstContentfulPaint?: number; observedLoad?: number }[] };
    };
    "main-thread-tasks"?: { details?: { items?: { startTime: number; duration: number }[] } };
  };
};

/** How long after the load event a first paint has to come to be looked at (ms). */
const STALL_MS = 500;

/**
 * Whether this run's browser stalled before it presented the page's first contentful frame: the
 * observed first contentful paint came at least 500 ms after the load event, and the page's main
 * thread was idle for most of that time, so nothing of the page held the paint back.
 *
 * On this machine on a slow day, headless Chromium with software compositing stopped
 * presenting frames in about half of the runs: a frame submitted 200–290 ms after navigation
 * waited about 1 s for its presentation while the processes were close to idle, and the page's
 * first contentful frame came after it (observed first paint 1.2–1.3 s against 0.2–0.3 s in the
 * other runs). It happened with every variant of the home page tried: without its scripts, without
 * its images, with system fonts, with synchronous image decoding, without the header's backdrop
 * blur. Lighthouse's simulation then takes every script that ran before that late paint as
 * blocking it: the home page's simulated LCP went from 1.4–1.5 s to 3.2 s and its score from
 * 91–92 to 86–88, for the browser's stall, not the page's work (docs/performance.md#lighthouse-runs).
 */
export function presentationStalled(report: ObservedTimings): boolean {
  const observed = report.audits.metrics?.details?.items?.[0];
  const fcp = observed?.observedFirstContentfulPaint;
  const load = observed?.observedLoad;
  if (fcp === undefined || load === undefined || fcp - load < STALL_MS) return false;
  const busy = (report.audits["main-thread-tasks"]?.details?.items ?? []).reduce(
    (sum, task) =>
      sum +
      Math.max(0, Math.min(task.startTime + task.duration, fcp) - Math.max(task.startTime, load)),
    0,
  );
  return busy < (fcp - load) / 2;
}

/**
 * The Chromium every run uses: the system one, headless, with the flags the Lighthouse CLI was
 * given (and the one feature the CLI adds to them), beside chrome-launcher's defaults.
 */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--enable-features=DevToolsWebMCPSupport",
];

/**
 * One Lighthouse run of `url` in the browser listening on `port`. Lighthouse opens a tab of its own
 * and, as by default, clears the origin's storage and the browser's HTTP cache first, so every run
 * starts like a first visit whichever runs the browser has done before. Two gatherers no figure
 * of the bench reads are left out: the full-page screenshot (taken after the trace, so no metric
 * sees it) and the back/forward cache check (a navigation away and back, weight 0); without them a
 * run took 0.89× as long (means of 8 alternating pairs of runs of /about and / on a loaded machine).
 */
async function once(port: number, url: string, preset: "mobile" | "desktop") {
  const result = await lighthouseRun(
    url,
    {
      port,
      output: "json",
      logLevel: "silent",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      disableFullPageScreenshot: true,
      skipAudits: ["bf-cache"],
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  const report = result?.lhr;
  if (!report) throw new Error(`Lighthouse returned no result for ${url}`);
  if (report.runtimeError)
    throw new Error(
      `Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`,
    );
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failed = Object.values(report.audits)
    .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
    .map((audit) => audit.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbtMs: report.audits["total-blocking-time"]?.numericValue ?? NaN,
    failedAudits: failed,
    stalled: presentationStalled(report as unknown as ObservedTimings),
  };
}

/** One Lighthouse run's figures. */
export type LighthouseRun = Awaited<ReturnType<typeof once>>;

/**
 * The `runs` runs a result is the median of. A run in which the browser stalled before the first contentful frame is measured again, up to as
 * many times again as there are runs; past that the stalled runs count like any other, so a page
 * that itself keeps its first paint back long after its load event still shows.
 */
export async function collectRuns(
  measure: () => Promise<LighthouseRun>,
  runs: number,
): Promise<{ results: LighthouseRun[]; stalledRuns: number }> {
  const results: LighthouseRun[] = [];
  const stalled: LighthouseRun[] = [];
  for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
    const result = await measure();
    (result.stalled ? stalled : results).push(result);
  }
  const stalledRuns = stalled.length;
  while (results.length < runs && stalled.length) results.push(stalled.shift()!);
  return { results, stalledRuns };
}

/**
 * The discarded first visit before a page's runs: the page loaded in the same browser at the
 * preset's screen and user agent until the network is idle, in a context of its own. The first
 * visit at a viewport encodes that page's image variants (AVIF at its widths), which every later
 * visitor gets from the image cache; a plain visit requests the same images a run does, in about
 * a second instead of a whole Lighthouse run.
 */
async function firstVisit(port: number, url: string, preset: "mobile" | "desktop") {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const screen = screenEmulationMetrics[preset]!;
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: screen.mobile,
      hasTouch: screen.mobile,
      userAgent: userAgents[preset],
    });
    await (await context.newPage()).goto(url, { waitUntil: "networkidle" });
    await context.close();
  } finally {
    // Disconnects; the browser stays for the runs.
    await browser.close();
  }
}

/**
 * Lighthouse on `url` with `preset`: the medians of `runs` runs, after a first visit (`firstVisit`)
 * unless `warmUp` is false. A caller
 * that budgets only the deterministic audits (accessibility, best practices, SEO) of a page whose
 * server has just served it can leave it out.
 *
 * One Chromium serves all of them, started here and killed once they are done: a Lighthouse CLI
 * process and a browser started for every run cost about 6 s of each, against under 1 s here
 * (docs/performance.md#the-benchmark).
 * chrome-launcher starts it in a process group of its own with this process's environment, so a
 * stopped bench finds and kills it (bench/stop.mts); its own SIGINT handler is left out for that.
 * `root`, the repository's root, is not read: Lighthouse is imported, not run from its bin.
 */
export async function lighthouse(
  root: string,
  url: string,
  preset: "mobile" | "desktop",
  runs = 3,
  { warmUp = true }: { warmUp?: boolean } = {},
): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
  });
  let collected: Awaited<ReturnType<typeof collectRuns>>;
  try {
    if (warmUp) await firstVisit(chrome.port, url, preset);
    collected = await collectRuns(() => once(chrome.port, url, preset), runs);
  } finally {
    chrome.kill();
  }
  const { results, stalledRuns } = collected;
  const pick = (
    key: "performance" | "accessibility" | "bestPractices" | "seo" | "lcpMs" | "cls" | "tbtMs",
  ) => median(results.map((result) => result[key]));
  return {
    url,
    preset,
    runs,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcpMs")),
    cls: Number(pick("cls").toFixed(3)),
    tbtMs: Math.round(pick("tbtMs")),
    failedAudits: [...new Set(results.flatMap((result) => result.failedAudits))],
    stalledRuns,
    warmUp: warmUp && "visit",
  };
}
