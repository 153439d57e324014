// Results of one bench run, and bench/REPORT.md rendered from them. The report holds the run's
// figures, budgets and verdicts with fixed explanations, and nothing else: `npm run bench` writes
// it whole, and `npm run bench -- --report-only` renders it again from bench/results.json.
import type { BeaconLoad } from "./beacons.mts";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LighthouseResult } from "./lighthouse.mts";
import type { LoadResult } from "./load.mts";
import type { Verdict } from "./budgets.mts";
import type { CardFit } from "./cards.mts";
import type { measureUpload } from "./upload.mts";
import type { EncodeResult } from "./encode.mts";
import type { PhoneLoopResult } from "./phone-loop.mts";
import type { ResumedUploadResult } from "./resumable.mts";

const nextVersion = (createRequire(import.meta.url)("next/package.json") as { version: string })
  .version;

/**
 * `vsNextStatic`: `/` against the plain static page of its size, uncached reads against that same
 * page, other cached pages null (their rounds load no plain ceiling; bench/run.mts);
 * `vsLikeForLike`: against a static page of the cached page's size with its characters, in a
 * server that has rendered (bench/ceilings.mts), for cached pages.
 */
export type PageLoad = LoadResult & {
  cached: boolean;
  vsBare: number;
  vsNextStatic: number | null;
  vsLikeForLike: number | null;
  /**
   * Cached pages: against the same build started as `npm start` ran before the memory settings
   * (the same heap limit), the median of the rounds' ratios.
   */
  vsBefore?: number;
  /** Each round's ratio to it, in round order. */
  vsBeforeRounds?: number[];
};

/** What bench/upload.mts measured; the report reads its fields by name and lists any it lacks. */
export type UploadResult = Awaited<ReturnType<typeof measureUpload>>;

export type Results = {
  date: string;
  machine: { cores: number; node: string; memoryGb: number };
  seed: { projects: number; sectionsPerProject: number; seconds: number };
  load: {
    /** Requests to the bare node:http server (and, in older runs, to each API read). */
    amount: number;
    /** Rounds per cached page and requests per round. */
    rounds?: number;
    roundAmount?: number;
    /** Requests per uncached API read (results of older runs lack it: `amount`). */
    readAmount?: number;
    /** Requests per ceiling load in a round (results of older runs lack it: `roundAmount`). */
    ceilingAmount?: number;
    /** Requests sent to the bare server (with `amount`) first and discarded. */
    warmUp?: number;
    connections: number;
    bare: LoadResult;
    /**
     * The plain static Next.js page sized like `/`: one entry (results of older runs hold one per
     * cached page, in the order of `pages`).
     */
    nextStatic: LoadResult[];
    /** The like-for-like static pages, one per cached page, in the order of `pages`. */
    likeForLike: LoadResult[];
    /** The same build as `npm start` ran before the memory settings, as each cached page. */
    before?: LoadResult[];
    pages: PageLoad[];
  };
  lighthouse: LighthouseResult[];
  firstLoadJs: Record<string, number>;
  /** First-load JS of a one-page App Router app with no code of the site (the framework's floor). */
  frameworkJs: number;
  /** The path of the project page measured (first-load JS, Lighthouse). */
  projectPath?: string;
  /** That floor page's Lighthouse mobile result, measured in the same run (bench/ceilings.mts). */
  floor?: { lighthouse: LighthouseResult };
  /** Raw HTML of two gallery views and the bytes per card fitted from them (bench/cards.mts). */
  cards?: CardFit;
  /**
   * The seeded showcase project (natural layout, loop videos): its path and, from a scrolled
   * browser (bench/lazy-video.mts), which loop videos were requested before they came within one
   * viewport (`early`) and how many were requested once near.
   */
  showcase?: {
    path: string;
    loopVideos: { expected: number; found: number; early: string[]; requestedWhenNear: number };
  };
  upload: UploadResult | null;
  /**
   * Motion media (bench/encode.mts, bench/phone-loop.mts, bench/resumable.mts); older runs lack
   * it, and a phase that did not run is null.
   */
  motion?: {
    encode: EncodeResult | null;
    phoneLoop: PhoneLoopResult | null;
    resumedUpload: ResumedUploadResult | null;
  };
  /** `/` alone and with view beacons at 10 % of its rate (bench/beacons.mts); older runs lack it. */
  beacons?: BeaconLoad;
  /** The run's phases in order and the seconds each took; older runs lack them. */
  phases?: { name: string; seconds: number }[];
  /**
   * RSS of the whole server process tree, in MB, under `npm start`'s heap limit: idle after the
   * warm-up and after the load (seeded data), and after the same warm-up on an empty DATA_DIR at
   * its first start and at a restart.
   */
  memory: {
    idleMb: number;
    /** Seconds the server rested after the warm-up before idle RSS was read. */
    idleSeconds?: number;
    afterLoadMb: number;
    /** Medians of `firstStarts` and `restarts`. */
    firstStartMb?: number;
    restartMb?: number;
    firstStarts?: number[];
    restarts?: number[];
  };
  verdicts: Verdict[];
};

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

/**
 * Labels of the upload figures the report knows (nested ones by their dotted path); any other field
 * is listed under its own name.
 */
const UPLOAD_LABELS: Record<string, string> = {
  bytes: "Body (bytes)",
  paceMbit: "Client's pace (Mbit/s)",
  runs: "Uploads timed",
  answerAfterLastByteMs: "Answer after the last byte, median (ms)",
  answerRangeMs: "Answer after the last byte, fastest and slowest (ms)",
  rssGrowthMb: "Server RSS growth during an upload, the largest (MB)",
  "loopback.runs": "Unpaced pairs on loopback",
  "loopback.uploadMs": "Unpaced upload on loopback, median (ms)",
  "loopback.transferMs": "Bare-socket floor on loopback, median (ms)",
  "loopback.vsTransfer":
    "Unpaced upload against the bare-socket floor, median of the paired ratios",
  uploadMs: "Upload on loopback, median (ms)",
  copyMs: "Plain file copy of the same bytes, median (ms)",
  transferMs: "Bare-socket floor: the same body into a bare `node:http` server writing a file (ms)",
  requestBodyMs: "The same body read through a web `Request` in a bare server (ms)",
  vsTransfer: "Upload against the bare-socket floor, median of the paired ratios",
  pairRange: "Lowest and highest paired ratio",
};

const uploadValue = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(uploadValue).join(" – ")
    : typeof value === "number"
      ? String(Math.round(value * 100) / 100)
      : String(value);

/** Every figure of the upload result as [dotted path, value], nested objects flattened. */
const uploadFigures = (value: object, prefix = ""): [string, unknown][] =>
  Object.entries(value).flatMap(([key, figure]): [string, unknown][] =>
    figure === undefined || figure === null
      ? []
      : typeof figure === "object" && !Array.isArray(figure)
        ? uploadFigures(figure as object, `${prefix}${key}.`)
        : [[`${prefix}${key}`, figure]],
  );

/** The upload's figures, whatever fields the run's bench/upload.mts reported. */
function uploadLines(upload: UploadResult | null, verdicts: Verdict[]): string[] {
  if (!upload) return ["Not measured."];
  const fields = uploadFigures(upload);
  // Results whose upload budget was still the ratio to the bare-socket floor say so.
  const ratioBudgeted = verdicts.some((v) => /upload/i.test(v.budget) && /floor/i.test(v.budget));
  return [
    "A 50 MB mp4 (a real `ftyp` box and incompressible filler) through `POST /api/sections/{id}` as",
    "the owner. The bare-socket floor is a bare `node:http` server that only writes the same body to",
    "a file.",
    ...(ratioBudgeted
      ? [
          "This run's budget was the upload's ratio to that floor on loopback (its verdict is under Budgets).",
        ]
      : [
          "The client sends the body paced, as over a real uplink, and the budgets ask what a person waits",
          "for: how long after the last byte the answer arrives (the median), and how much the server's",
          "RSS grows meanwhile. Unpaced uploads on loopback against the floor give the ratio reported",
          "beside them, not budgeted: over a real uplink 50 MB takes seconds, and the tens of milliseconds",
          "that separate the two on loopback are invisible there.",
        ]),
    "",
    row(["Figure", "Value"]),
    row(["---", "---:"]),
    ...fields.map(([key, value]) => row([UPLOAD_LABELS[key] ?? key, uploadValue(value)])),
  ];
}

/** The motion-media phases' figures (their budgets are under Budgets). */
function motionLines(motion: Results["motion"]): string[] {
  if (!motion) return ["Not measured."];
  const { encode, phoneLoop, resumedUpload } = motion;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
  return [
    "The product's own encoder and resumable uploads on the production server: masters are uploaded",
    "over tus (`/api/uploads`) by the owner and attached to a section; the server's worker encodes them",
    "(docs/media.md#video-encoding).",
    "",
    ...(encode
      ? [
          `**Encoding a ${encode.master.seconds} s ${encode.master.width}×${encode.master.height} ${encode.master.codec} master** (ffmpeg's \`${encode.master.pattern}\`, ${mb(encode.master.bytes)} MB) into its ladder and a poster from its first non-black frame: ${encode.seconds} s with the machine to itself (${(encode.seconds / encode.master.seconds).toFixed(2)}× real time): ${encode.wallSeconds} s from the attaching request to \`ready\`, less the ${encode.pausedSeconds} s ffmpeg was paused and the ${encode.loadedSeconds} s ${encode.page.path} was loaded beside it (ffmpeg, at the lowest priority, got ${encode.loadedCpuSeconds} s of CPU in those). Each ffmpeg process of the encode (its wall time with ffmpeg running, pauses left out):`,
          "",
          row([
            "Step",
            "Wall s (running)",
            "Of which page loaded s",
            "CPU s",
            "ffmpeg peak RSS MB",
          ]),
          row(["---", "---:", "---:", "---:", "---:"]),
          ...encode.steps.map((s) =>
            row([s.step, s.seconds, s.loadedSeconds, s.cpuSeconds, s.peakRssMb]),
          ),
          "",
          `Renditions: ${encode.renditions.map((r) => `${r.width}×${r.height} ${mb(r.bytes)} MB`).join(", ")}. The site's RSS (the server's process tree without ffmpeg): ${encode.siteRss.beforeMb} MB before, ${encode.siteRss.peakMb} MB at most during the encode until the rounds of load began (the probe, the poster and the rungs below the top one), ${encode.siteRss.roundsPeakMb} MB at most from then on (the rounds' load in it), ${encode.siteRss.afterMb} MB after.`,
          "",
          `Cached ${encode.page.path} in ${encode.page.alone.length} paired rounds of ${encode.page.amount} requests during the top rung's encode, with its ffmpeg paused (SIGSTOP) and running, taking turns to go first:`,
          "",
          row(["Round", "Paused req/s", "Running req/s", "Ratio"]),
          row(["---", "---:", "---:", "---:"]),
          ...encode.page.alone.map((alone, i) =>
            row([
              i + 1,
              alone,
              encode.page.during[i]!,
              (encode.page.during[i]! / alone).toFixed(2),
            ]),
          ),
          "",
        ]
      : ["Encoding: not measured.", ""]),
    ...(phoneLoop
      ? [
          `**A loop from a ${phoneLoop.master.width}×${phoneLoop.master.height} ${phoneLoop.master.seconds} s H.264 master on a ${phoneLoop.viewport.width} px phone** (\`${phoneLoop.master.pattern}\`, ${mb(phoneLoop.master.bytes)} MB as uploaded): encoded in ${phoneLoop.encodeSeconds} s into ${phoneLoop.renditions.map((r) => `${r.width}×${r.height} ${mb(r.bytes)} MB`).join(", ")}. The phone's \`<video>\` played ${phoneLoop.currentSrc} (${phoneLoop.loopSeconds} s) and received ${Object.entries(
            phoneLoop.fetched,
          )
            .map(([url, bytes]) => `${mb(bytes)} MB for ${url}`)
            .join(", ")}: ${mb(phoneLoop.bytesPer10s)} MB per 10 s of loop.`,
          "",
        ]
      : ["Phone loop: not measured.", ""]),
    ...(resumedUpload
      ? [
          `**A ${mb(resumedUpload.bytes)} MB upload over tus**, its connection dropped after ${mb(resumedUpload.droppedAfter)} MB, resumed from the ${mb(resumedUpload.resumedFrom)} MB HEAD answered, in ${resumedUpload.seconds} s: SHA-256 of the stored file ${resumedUpload.storedSha256 === resumedUpload.sourceSha256 ? "identical to the source's" : "different from the source's"}; the site's RSS ${resumedUpload.rssBeforeMb} MB before, growing by ${resumedUpload.rssGrowthMb} MB at most.`,
        ]
      : ["Resumed upload: not measured."]),
  ];
}

export function renderReport(r: Results): string {
  const runsOf = (preset: "mobile" | "desktop") =>
    r.lighthouse.find((result) => result.preset === preset)?.runs ?? 0;
  /** What came before a page's runs (results of older runs all had a warm-up run). */
  const warmUpOf = (preset: "mobile" | "desktop") => {
    const warmUp = r.lighthouse.find((result) => result.preset === preset)?.warmUp;
    if (warmUp === false) return "without a warm-up run";
    return warmUp === "visit" ? "after a discarded first visit" : "after one warm-up run";
  };
  const minutes = (seconds: number) =>
    `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
  /** req/s, and each round's where the target ran in rounds. */
  const rps = (result: LoadResult) =>
    result.rounds && result.rounds.length > 1
      ? `${result.rps} (${result.rounds.join(", ")})`
      : result.rps;
  const ceilingRow = (ceiling: LoadResult, ratios: [string, string, string]) =>
    row([
      ceiling.name,
      rps(ceiling),
      ceiling.p50,
      ceiling.p99,
      ceiling.errors,
      ceiling.non2xx,
      ceiling.bytesPerResponse,
      (ceiling.rps / r.load.bare.rps).toFixed(2),
      ...ratios,
    ]);
  const missed = r.verdicts.filter((v) => !v.ok).length;
  const lines = [
    "# Benchmark report",
    "",
    "Written whole by `npm run bench` from bench/results.json (`npm run bench -- --report-only` renders",
    "it again from that file); nothing in it is kept by hand. What each budget is and why:",
    "[docs/performance.md](../docs/performance.md#budgets).",
    "",
    `Run ${r.date} on ${r.machine.cores} cores, ${r.machine.memoryGb} GiB, Node ${r.machine.node}, Next.js ${nextVersion}. The load`,
    "generator shares the cores with the server, so compare the ratios of one run, not absolute figures",
    `across runs. Data: ${r.seed.projects} projects × ${r.seed.sectionsPerProject} sections with generated images (seeded in ${r.seed.seconds} s).`,
    "",
    r.verdicts.length === 0
      ? "No budget was checked."
      : missed === 0
        ? `Every one of the ${r.verdicts.length} budgets was met ([the list](#budgets)).`
        : `${missed} of the ${r.verdicts.length} budgets missed ([the list](#budgets)).`,
    "",
    r.load.readAmount === undefined || r.load.readAmount === r.load.amount
      ? `## HTTP load (${r.load.amount} requests per target${r.load.warmUp ? ` after ${r.load.warmUp} discarded` : ""}, ${r.load.connections} connections, loopback)`
      : `## HTTP load (${r.load.amount} requests to bare node:http and ${r.load.readAmount} to each API read, each after a tenth as many discarded; ${r.load.connections} connections, loopback)`,
    "",
    ...(r.load.rounds && r.load.rounds > 1
      ? [
          `Each cached page ran in ${r.load.rounds} rounds of ${r.load.roundAmount} requests (${r.load.ceilingAmount ? `${r.load.ceilingAmount} to each ceiling; each target's first round after a tenth as many discarded` : "each after a tenth as many discarded"}): ${r.load.nextStatic.length === 1 ? "for `/` its plain static ceiling, " : "its static ceiling, "}its like-for-like ceiling, then the page${r.load.before ? " and the same build as it ran before the memory settings, taking turns to go first" : ""}. The table shows the median round, each round's req/s in brackets; a page's ratios are the medians of its rounds' ratios.`,
          "",
        ]
      : []),
    row([
      "Target",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "non-2xx",
      "bytes",
      "vs bare node:http",
      "vs Next static",
      "vs like for like",
      "vs before the memory settings",
    ]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    row([
      "bare node:http (same HTML as /)",
      r.load.bare.rps,
      r.load.bare.p50,
      r.load.bare.p99,
      r.load.bare.errors,
      r.load.bare.non2xx,
      r.load.bare.bytesPerResponse,
      "1.00",
      "–",
      "–",
      "–",
    ]),
    ...r.load.nextStatic.map((ceiling) => ceilingRow(ceiling, ["1.00", "–", "–"])),
    ...r.load.likeForLike.map((ceiling) => ceilingRow(ceiling, ["–", "1.00", "–"])),
    ...(r.load.before ?? []).map((before) => ceilingRow(before, ["–", "–", "1.00"])),
    ...r.load.pages.map((p) =>
      row([
        `${p.name}${p.cached ? " (cached)" : ""}`,
        rps(p),
        p.p50,
        p.p99,
        p.errors,
        p.non2xx,
        p.bytesPerResponse,
        p.vsBare.toFixed(2),
        p.vsNextStatic === null ? "–" : p.vsNextStatic.toFixed(2),
        p.vsLikeForLike === null ? "–" : p.vsLikeForLike.toFixed(2),
        p.vsBefore === undefined ? "–" : p.vsBefore.toFixed(2),
      ]),
    ),
    "",
    ...(r.load.before
      ? [
          "The server before the memory settings is the same build on a copy of the data, started as `npm start`",
          "ran before them: the same 512 MB heap limit (`--max-old-space-size`), V8's own heap growing factor",
          "and glibc's own malloc thresholds (scripts/node-options.mjs). It is the throughput the memory",
          "settings must keep, within 5 %, measured beside them whatever the machine's speed.",
          "",
        ]
      : []),
    "The plain static page is pure-ASCII padding in a server that has never rendered anything. The",
    "like-for-like one differs in two ways every real page shares: it holds the cached page's non-ASCII",
    "characters (Node.js hashes, measures and writes a string with any of them much slower than pure",
    "ASCII) and its server has rendered one page. Both ceilings run with the site's own Node.js options",
    "and malloc settings (scripts/node-options.mjs) and keep Next.js's default ETag, a hash of the whole",
    "HTML on every response; the site's pages have none (docs/performance.md#etags). What remains",
    "between a cached page and its like-for-like ceiling is Next.js's per-request work for the site's",
    "configuration: the configured cache handler, the header rules with parameters and the dynamic",
    "route's regular expression.",
    ...(r.load.nextStatic.length === 1
      ? [
          "Only `/` is loaded against the plain static page (its budget), and the uncached API reads' \"vs",
          "Next static\" is against that same page; the other cached pages' budgets are their like-for-like",
          'ceilings, so their rounds leave the plain page out ("–").',
        ]
      : []),
    "",
    `## Lighthouse (median of ${runsOf("mobile")} run(s) per page on mobile ${warmUpOf("mobile")}, ${runsOf("desktop")} on desktop ${warmUpOf("desktop")})`,
    "",
    "Mobile performance is budgeted against the framework floor page's; desktop only on accessibility,",
    "best practices and SEO, binary audits that do not move with timing (its performance figures are",
    "reported, not budgeted).",
    "",
    "A run in which the browser presented no contentful frame until at least 500 ms after the load",
    "event, its page's main thread idle for most of that time, is measured again (up to as many",
    "times again as there are runs; past that such runs count): headless Chromium here sometimes",
    "stops presenting frames for about a second, and Lighthouse's simulation then takes every script",
    "as blocking the late paint (docs/performance.md#lighthouse-runs). The last column counts them.",
    "",
    row([
      "Page",
      "Preset",
      "Perf",
      "A11y",
      "Best practices",
      "SEO",
      "LCP ms",
      "CLS",
      "TBT ms",
      "Stalled runs re-run",
    ]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...[
      ...r.lighthouse.map((l) => ({ page: new URL(l.url).pathname, l })),
      ...(r.floor
        ? [{ page: "framework floor page (no code of the site)", l: r.floor.lighthouse }]
        : []),
    ].map(({ page, l }) =>
      row([
        page,
        l.preset,
        l.performance,
        l.accessibility,
        l.bestPractices,
        l.seo,
        l.lcpMs,
        l.cls,
        l.tbtMs,
        l.stalledRuns ?? "–",
      ]),
    ),
    "",
    r.showcase
      ? `Showcase page ${r.showcase.path} (natural layout, ${r.showcase.loopVideos.found} loop videos): loop videos requested before they were within one viewport: ${r.showcase.loopVideos.early.length ? r.showcase.loopVideos.early.join(", ") : "none"}; requested once scrolled near: ${r.showcase.loopVideos.requestedWhenNear}.`
      : "Showcase page: not measured.",
    "",
    "## Raw HTML per gallery card",
    "",
    ...(r.cards
      ? [
          row(["View", "Cards", "HTML bytes"]),
          row(["---", "---:", "---:"]),
          ...r.cards.pages.map((p) => row([p.path, p.cards, p.bytes])),
          "",
          `Fitted: ${r.cards.perCard} bytes per card + ${r.cards.fixed} bytes for the page itself (budget: 2,048 per card + 25,600).`,
        ]
      : ["Not measured."]),
    "",
    "## First-load JavaScript (gzip)",
    "",
    row(["Route", "kB"]),
    row(["---", "---:"]),
    ...Object.entries(r.firstLoadJs).map(([route, bytes]) =>
      row([route, (bytes / 1024).toFixed(1)]),
    ),
    row([
      "framework floor: one-page App Router app, no code of the site",
      (r.frameworkJs / 1024).toFixed(1),
    ]),
    "",
    `Next.js and React alone load ${(r.frameworkJs / 1024).toFixed(1)} kB before any code of the site; the budget`,
    "is that floor + 10 kB on every page, and the rows above minus the floor are the site's own share.",
    "",
    "## Upload",
    "",
    ...uploadLines(r.upload, r.verdicts),
    "",
    "## Motion media",
    "",
    ...motionLines(r.motion),
    "",
    "## Memory",
    "",
    `- Server RSS (whole process tree) idle ${r.memory.idleMb} MB (${r.memory.idleSeconds ?? 2} s after the warm-up), after the load ${r.memory.afterLoadMb} MB (${(r.memory.afterLoadMb / r.memory.idleMb).toFixed(2)}×).`,
    r.memory.firstStartMb !== undefined
      ? `- Empty DATA_DIR, after the same warm-up: first start (creates the database) ${r.memory.firstStartMb} MB, restart ${r.memory.restartMb} MB${r.memory.firstStarts && r.memory.restarts ? ` (medians of ${r.memory.firstStarts.length} empty directories, each started twice: first starts ${r.memory.firstStarts.join(", ")} MB, restarts ${r.memory.restarts.join(", ")} MB)` : ""}.`
      : "- First start on an empty DATA_DIR: not measured.",
    "",
    ...(r.phases
      ? [
          "## Run time",
          "",
          row(["Phase", "Took"]),
          row(["---", "---:"]),
          ...r.phases.map((p) => row([p.name, minutes(p.seconds)])),
          row(["**whole run**", minutes(r.phases.reduce((sum, p) => sum + p.seconds, 0))]),
          "",
        ]
      : []),
    "## Budgets",
    "",
    row(["Budget", "Measured", "Met"]),
    row(["---", "---", "---"]),
    ...r.verdicts.map((v) => row([v.budget, v.actual, v.ok ? "yes" : "**no**"])),
    "",
  ];
  return lines.join("\n");
}

/** Renders bench/REPORT.md from bench/results.json under `root`, as the run that wrote it did. */
export function writeReportFromResults(root: string): void {
  const results = JSON.parse(
    fs.readFileSync(path.join(root, "bench/results.json"), "utf8"),
  ) as Results;
  fs.writeFileSync(path.join(root, "bench/REPORT.md"), renderReport(results));
}
