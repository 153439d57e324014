// The product's encoder on a 10 s 1080p ProRes 422 master (docs/media.md#video-encoding), beside
// the production server it runs in: how long the ladder takes against the master's duration (each
// rendition and the poster), what ffmpeg holds in memory, whether the site's own RSS moves, and a
// cached page's req/s while ffmpeg runs against its req/s with ffmpeg paused, in paired rounds.
// Part of `npm run bench`; alone: bench/motion.mts.
import fs from "node:fs";
import path from "node:path";
import { load } from "./load.mts";
import { PRORES_MASTER } from "./masters.mts";
import { median } from "./median.mts";
import {
  attachSection,
  deleteSection,
  isFfmpeg,
  sectionOf,
  serverTree,
  siteRssMb,
  uploadMaster,
  videoReady,
  type Owner,
  type TreeProcess,
} from "./media-client.mts";

/** Paired rounds of the cached page (paused encoder, running encoder) and requests per round. */
export const ENCODE_ROUNDS = 3;
const ROUND_REQUESTS = 2_000;
const SAMPLE_MS = 50;

type Interval = { from: number; to: number };
const overlap = (a: Interval, spans: Interval[]) =>
  spans.reduce((sum, b) => sum + Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from)), 0);

/** What an ffmpeg process of the encoder did, by its arguments (lib/uploads/encode.ts). */
function stepOf(argv: string[]): string {
  const output = path.basename(argv.at(-1) ?? "");
  if (argv.includes("-progress")) return `${/^(\d+)\.mp4$/.exec(output)?.[1] ?? output}p`;
  if (argv.some((arg) => arg.includes("blackdetect"))) return "poster: first non-black frame";
  if (output.endsWith(".jpg")) return "poster: the frame";
  return "probe";
}

export type EncodeStep = {
  step: string;
  /** Wall time of its ffmpeg process with the encoder running (pauses left out), s. */
  seconds: number;
  /** Of those, seconds during which the cached page was being loaded beside it. */
  loadedSeconds: number;
  cpuSeconds: number;
  peakRssMb: number;
};

export type EncodeResult = {
  /** The master: its size, ffmpeg test pattern, file size and codec. */
  master: {
    width: number;
    height: number;
    seconds: number;
    pattern: string;
    bytes: number;
    codec: string;
  };
  /**
   * The encode's time with the machine to itself, s: from the attaching request to `ready` read
   * (`wallSeconds`), less the rounds with ffmpeg paused (`pausedSeconds`) and those with the page
   * loaded beside it (`loadedSeconds`, in which ffmpeg still got `loadedCpuSeconds` of CPU).
   */
  seconds: number;
  wallSeconds: number;
  pausedSeconds: number;
  loadedSeconds: number;
  loadedCpuSeconds: number;
  steps: EncodeStep[];
  renditions: { height: number; width: number; bytes: number }[];
  /** ffmpeg's own peak RSS (the largest VmHWM of its processes), MB. */
  ffmpegPeakRssMb: number;
  /**
   * The site's RSS (the server's tree without ffmpeg), MB: before the encode; its peak from the
   * attaching request until the rounds of load start (the probe, the poster, the rungs below the
   * top one: the encode beside an idle site); its peak from then on (the rounds' load in it); after.
   */
  siteRss: { beforeMb: number; peakMb: number; roundsPeakMb: number; afterMb: number };
  /** req/s of the cached page with ffmpeg paused and running, one entry per paired round. */
  page: { path: string; amount: number; alone: number[]; during: number[]; non2xx: number };
};

/**
 * Uploads `master` (PRORES_MASTER, bench/masters.mts) over tus, attaches it to a
 * new section of `projectId` (poster from the first non-black frame) and follows the encode to
 * `ready`, sampling the server's tree every 50 ms. Once the top rung's ffmpeg runs, the cached
 * `pagePath` is loaded in ENCODE_ROUNDS paired rounds: once with the encoder's ffmpeg paused
 * (SIGSTOP), once with it running, taking turns to go first. The section is deleted for good
 * afterwards.
 */
export async function measureEncode(
  owner: Owner,
  pid: number,
  projectId: string,
  pagePath: string,
  master: string,
): Promise<EncodeResult> {
  const uploadId = await uploadMaster(owner, master);
  const pageUrl = owner.url + pagePath;
  // A discarded burst, so the rounds load a warm page; the site's RSS is read a second after it.
  await load("warm-up", pageUrl, ROUND_REQUESTS / 2, 50, { warmUp: false });
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    readings.push(siteRssMb(serverTree(pid)));
  }
  const beforeMb = median(readings);

  const seen = new Map<
    number,
    { step: string; first: number; last: number; cpuMs: number; hwmKb: number }
  >();
  const paused: Interval[] = [];
  const loaded: Interval[] = [];
  let pausing = false;
  const stopped = new Set<number>();
  let peakMb = beforeMb;
  let roundsPeakMb = 0;
  /** No round of load has started yet. */
  let quiet = true;
  let loadedCpuMs = 0;
  const sample = () => {
    const tree = serverTree(pid);
    const now = performance.now();
    const rss = siteRssMb(tree);
    if (quiet) peakMb = Math.max(peakMb, rss);
    else roundsPeakMb = Math.max(roundsPeakMb, rss);
    for (const p of tree.filter(isFfmpeg)) {
      const known = seen.get(p.pid);
      if (known)
        Object.assign(known, { last: now, cpuMs: p.cpuMs, hwmKb: Math.max(known.hwmKb, p.hwmKb) });
      else
        seen.set(p.pid, {
          step: stepOf(p.argv),
          first: now,
          last: now,
          cpuMs: p.cpuMs,
          hwmKb: p.hwmKb,
        });
      if (pausing && !stopped.has(p.pid)) pause(p);
    }
    return tree;
  };
  const pause = (p: TreeProcess) => {
    try {
      process.kill(p.pid, "SIGSTOP");
      stopped.add(p.pid);
    } catch {
      // Ended in the meantime.
    }
  };
  const resume = () => {
    pausing = false;
    for (const id of stopped) {
      try {
        process.kill(id, "SIGCONT");
      } catch {
        // Ended.
      }
    }
    stopped.clear();
  };

  const start = performance.now();
  const sectionId = await attachSection(owner, projectId, {
    title: "Bench master",
    videoUpload: uploadId,
    posterTime: "",
  });
  const timer = setInterval(sample, SAMPLE_MS);
  const alone: number[] = [];
  const during: number[] = [];
  let non2xx = 0;
  let readyAt: number;
  try {
    let settled = false;
    const ready = videoReady(owner, sectionId).finally(() => (settled = true));
    ready.catch(() => {}); // Awaited below; a failure must not go unhandled meanwhile.
    // The rounds run during the top rung (the longest step): the site's RSS is read before them,
    // through the probe, the poster and the smaller rungs, without a load of its own in it.
    const top = `${PRORES_MASTER.height}p`;
    while (!settled && ![...seen.values()].some((s) => s.step === top))
      await new Promise((resolve) => setTimeout(resolve, 20));
    quiet = false;
    const cpuOfFfmpeg = () => [...seen.values()].reduce((sum, s) => sum + s.cpuMs, 0);
    for (let round = 0; round < ENCODE_ROUNDS && !settled; round++) {
      const pair: { alone?: number; during?: number } = {};
      for (const paused_ of round % 2 === 0 ? [true, false] : [false, true]) {
        if (paused_) pausing = true;
        sample();
        const from = performance.now();
        const cpuBefore = cpuOfFfmpeg();
        const result = await load("round", pageUrl, ROUND_REQUESTS, 50, { warmUp: false });
        const to = performance.now();
        if (paused_) {
          resume();
          paused.push({ from, to });
        } else {
          // ffmpeg must have run throughout: a round after its end is no round "during".
          if (!sample().some(isFfmpeg)) break;
          loaded.push({ from, to });
          loadedCpuMs += cpuOfFfmpeg() - cpuBefore;
        }
        non2xx += result.non2xx + result.errors;
        pair[paused_ ? "alone" : "during"] = result.rps;
      }
      if (pair.alone === undefined || pair.during === undefined) break;
      alone.push(pair.alone);
      during.push(pair.during);
    }
    readyAt = await ready;
  } finally {
    clearInterval(timer);
    resume();
  }
  const afterMb = siteRssMb(serverTree(pid));
  const section = await sectionOf(owner.url, projectId, sectionId);
  await deleteSection(owner, sectionId);

  const whole = { from: start, to: readyAt };
  const steps = [...seen.values()].map((s): EncodeStep => {
    const span = { from: s.first, to: s.last };
    return {
      step: s.step,
      seconds: round((s.last - s.first - overlap(span, paused)) / 1000),
      loadedSeconds: round(overlap(span, loaded) / 1000),
      cpuSeconds: round(s.cpuMs / 1000),
      peakRssMb: Math.round(s.hwmKb / 1024),
    };
  });
  return {
    master: { ...PRORES_MASTER, bytes: fs.statSync(master).size, codec: "ProRes 422" },
    seconds: round((readyAt - start - overlap(whole, paused) - overlap(whole, loaded)) / 1000),
    wallSeconds: round((readyAt - start) / 1000),
    pausedSeconds: round(overlap(whole, paused) / 1000),
    loadedSeconds: round(overlap(whole, loaded) / 1000),
    loadedCpuSeconds: round(loadedCpuMs / 1000),
    steps,
    renditions: section.videoRenditions.map(({ width, height, bytes }) => ({
      width,
      height,
      bytes,
    })),
    ffmpegPeakRssMb: Math.max(0, ...steps.map((s) => s.peakRssMb)),
    siteRss: { beforeMb, peakMb, roundsPeakMb, afterMb },
    page: { path: pagePath, amount: ROUND_REQUESTS, alone, during, non2xx },
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
