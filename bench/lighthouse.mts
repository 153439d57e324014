// Lighthouse (npm `lighthouse`, run with the system Chromium), median of N runs per page and preset.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { median } from "./median.mts";

const run = promisify(execFile);

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
};

async function once(bin: string, url: string, preset: "mobile" | "desktop") {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lh-")), "report.json");
  const args = [
    url,
    "--only-categories=performance,accessibility,best-practices,seo",
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update",
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
  ];
  await run(bin, args, {
    env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" },
    maxBuffer: 1 << 26,
  });
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failed = Object.values(
    report.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>,
  )
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
  };
}

export async function lighthouse(
  root: string,
  url: string,
  preset: "mobile" | "desktop",
  runs = 3,
): Promise<LighthouseResult> {
  const bin = path.join(root, "node_modules/.bin/lighthouse");
  const results: Awaited<ReturnType<typeof once>>[] = [];
  // A warm-up run first, not counted: the first visit at a viewport encodes that page's image
  // variants (AVIF at its widths), which every later visitor gets from the image cache.
  await once(bin, url, preset);
  for (let i = 0; i < runs; i++) results.push(await once(bin, url, preset));
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
  };
}
