// Results of one bench run, and the readable REPORT.md written from them.
import type { LighthouseResult } from "./lighthouse.mts";
import type { LoadResult } from "./load.mts";
import type { EarlierComparison, Verdict } from "./budgets.mts";
import type { CardFit } from "./cards.mts";
import { createRequire } from "node:module";

const nextVersion = (createRequire(import.meta.url)("next/package.json") as { version: string })
  .version;

/**
 * `vsNextStatic`: against the static page of the same size (cached pages), else that of `/`;
 * `vsLikeForLike`: against that page with the cached page's characters, in a server that has
 * rendered (bench/ceilings.mts), for cached pages.
 */
export type PageLoad = LoadResult & {
  cached: boolean;
  vsBare: number;
  vsNextStatic: number;
  vsLikeForLike: number | null;
  /**
   * Cached pages: against the same build as `npm start` ran before the memory settings (the same
   * heap limit), the median of the rounds' ratios (absent in runs before 2026-11-27).
   */
  vsBefore?: number;
  /** Each round's ratio to it, in round order. */
  vsBeforeRounds?: number[];
  /**
   * Cached pages: against the same build without any memory setting, the heap limit included (the
   * budget's reference until 2026-11-27; reported since), the median of the rounds' ratios.
   */
  vsUntuned?: number;
  /** Each round's ratio to it, in round order. */
  vsUntunedRounds?: number[];
};

export type Results = {
  date: string;
  machine: { cores: number; node: string; memoryGb: number };
  seed: { projects: number; sectionsPerProject: number; seconds: number };
  load: {
    amount: number;
    /** Rounds per cached page and requests per round (absent in runs before rounds existed). */
    rounds?: number;
    roundAmount?: number;
    /** Requests sent to each target first and discarded (absent in runs before it existed). */
    warmUp?: number;
    connections: number;
    bare: LoadResult;
    /** One static Next.js page per cached page, sized like it, in the order of `pages`. */
    nextStatic: LoadResult[];
    /** The like-for-like static pages, in the same order. */
    likeForLike: LoadResult[];
    /** The same build as `npm start` ran before the memory settings, as each cached page. */
    before?: LoadResult[];
    /** The same build without any memory setting, as each cached page (absent before run 17). */
    untuned?: LoadResult[];
    pages: PageLoad[];
    /** The cached pages against the earlier runs (reported, not a budget). */
    earlier?: EarlierComparison;
  };
  lighthouse: LighthouseResult[];
  firstLoadJs: Record<string, number>;
  /** First-load JS of a one-page App Router app with no code of ours (the framework's floor). */
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
  upload: {
    bytes: number;
    runs: number;
    uploadMs: number;
    copyMs: number;
    transferMs: number;
    /** The same body read through a web Request in a bare server: what a route handler cannot go below. */
    requestBodyMs?: number;
    /** Median of each upload's ratio to the transfer just before it; missing from older runs. */
    vsTransfer?: number;
    /** The lowest and highest of those paired ratios; missing from older runs. */
    pairRange?: number[];
  } | null;
  /**
   * RSS of the whole server process tree, in MB, under `npm start`'s heap limit: idle after the
   * warm-up and after the load (seeded data), and after the same warm-up on an empty DATA_DIR at
   * its first start and at a restart. The last two are missing from runs before they were added.
   */
  memory: {
    idleMb: number;
    /** Seconds the server rested after the warm-up before idle RSS was read; missing from older runs (2). */
    idleSeconds?: number;
    afterLoadMb: number;
    /** Medians of `firstStarts` and `restarts` (older results have one of each). */
    firstStartMb?: number;
    restartMb?: number;
    firstStarts?: number[];
    restarts?: number[];
  };
  verdicts: Verdict[];
};

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

/** The cached pages against the earlier runs: reported beside the budgets, not one of them. */
function earlierLines(earlier: EarlierComparison | undefined): string[] {
  if (!earlier || earlier.pages.length === 0) return [];
  const pages = earlier.pages.map((p) => `${p.name} ${p.percent.toFixed(0)} %`).join(", ");
  const machine =
    earlier.machinePercent === null
      ? ""
      : `; the machine ran at ${earlier.machinePercent.toFixed(0)} % of their bare node:http req/s`;
  return [
    `Against the earlier runs (median of ${earlier.runs}), each cached page's share of its static ceiling: ${pages}${machine}. Not a budget: a slower machine lowers that share too.`,
    "",
  ];
}

export function renderReport(r: Results): string {
  const runsOf = (preset: "mobile" | "desktop") =>
    r.lighthouse.find((result) => result.preset === preset)?.runs ?? 0;
  /** req/s, and each round's where the target ran in rounds. */
  const rps = (result: LoadResult) =>
    result.rounds && result.rounds.length > 1
      ? `${result.rps} (${result.rounds.join(", ")})`
      : result.rps;
  const ceilingRow = (ceiling: LoadResult, ratios: [string, string, string, string]) =>
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
  const lines = [
    "# Benchmark report",
    "",
    `Run ${r.date} on ${r.machine.cores} cores, ${r.machine.memoryGb} GiB, Node ${r.machine.node}. The load`,
    "generator shares the cores with the server, so compare the ratios of one run, not absolute figures",
    `across runs. Data: ${r.seed.projects} projects × ${r.seed.sectionsPerProject} sections with generated images (seeded in ${r.seed.seconds} s).`,
    "",
    `## HTTP load (${r.load.amount} requests per target${r.load.warmUp ? ` after ${r.load.warmUp} discarded` : ""}, ${r.load.connections} connections, loopback)`,
    "",
    ...(r.load.rounds && r.load.rounds > 1
      ? [
          `Each cached page ran in ${r.load.rounds} rounds of ${r.load.roundAmount} requests (each after a tenth as many discarded): its static ceiling, its like-for-like ceiling, then the page${r.load.before ? ", the same build as it ran before the memory settings and the same without any, taking turns to go first" : ""}. The table shows the median round, each round's req/s in brackets; a page's ratios are the medians of its rounds' ratios.`,
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
      "vs without any",
    ]),
    row([
      "---",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
    ]),
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
      "–",
    ]),
    ...r.load.nextStatic.map((ceiling) => ceilingRow(ceiling, ["1.00", "–", "–", "–"])),
    ...r.load.likeForLike.map((ceiling) => ceilingRow(ceiling, ["–", "1.00", "–", "–"])),
    ...(r.load.before ?? []).map((before) => ceilingRow(before, ["–", "–", "1.00", "–"])),
    ...(r.load.untuned ?? []).map((untuned) => ceilingRow(untuned, ["–", "–", "–", "1.00"])),
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
        p.vsNextStatic.toFixed(2),
        p.vsLikeForLike === null ? "–" : p.vsLikeForLike.toFixed(2),
        p.vsBefore === undefined ? "–" : p.vsBefore.toFixed(2),
        p.vsUntuned === undefined ? "–" : p.vsUntuned.toFixed(2),
      ]),
    ),
    "",
    ...(r.load.before
      ? [
          "The server before the memory settings is the same build on a copy of the data, started as `npm start`",
          "ran before them: the same 512 MB heap limit (`--max-old-space-size`, 2026-11-22,",
          "reliability/REPORT.md) and V8's young generation (as `npm start`'s), V8's own heap growing",
          "factor and glibc's own malloc thresholds (no growing factor or `MALLOC_*_THRESHOLD_`;",
          "scripts/node-options.mjs): the throughput the memory settings must keep, within 5 %, measured",
          "beside them whatever the machine's speed. The server without any has no heap limit either",
          "(V8 sizes it from the machine's memory): what the limit itself costs, reported, not a budget.",
          "",
        ]
      : []),
    ...earlierLines(r.load.earlier),
    "The budget compares with the plain static page: pure-ASCII padding, in a server that has never",
    "rendered anything. The like-for-like one differs in two ways every real page shares: it holds",
    "the cached page's non-ASCII characters (Node.js hashes, measures and writes a string with any of",
    "them much slower than pure ASCII) and its server has rendered one page. Both ceilings run with the",
    "site's own Node.js options and malloc settings (scripts/node-options.mjs). What remains between a cached page",
    "and that ceiling is Next.js's work for the site's configuration, per request: it imports and",
    "constructs the configured cache handler (cache-handler.mjs) twice, matches the header rules with",
    "parameters and compiles the CSP value of `/sections/:path*` as a path template, and builds the",
    "dynamic route's regular expression. A CPU profile of a project page under load put these at about",
    "6 %, 6 % and 3 % of its request's CPU time; proxy.ts no longer runs for cached pages. Both ceilings",
    "keep Next.js's default ETag, a hash of the whole HTML on every response; the site's pages have none",
    "(`generateEtags: false`, docs/performance.md#etags).",
    "",
    `## Lighthouse (median of ${runsOf("mobile")} run(s) per page on mobile and ${runsOf("desktop")} on desktop, after one warm-up run)`,
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
        ? [{ page: "framework floor page (no code of ours)", l: r.floor.lighthouse }]
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
      "framework floor: one-page App Router app, no code of ours",
      (r.frameworkJs / 1024).toFixed(1),
    ]),
    "",
    `Next.js ${nextVersion} and React alone load ${(r.frameworkJs / 1024).toFixed(1)} kB before any code of the site; the budget`,
    "is that floor + 10 kB on every page, and the rows above minus the floor are the site's own share.",
    "",
    "## Upload and memory",
    "",
    r.upload
      ? `- ${(r.upload.bytes / 1e6).toFixed(0)} MB mp4 (random filler, fully written) through \`POST /api/sections/{id}\`: ${r.upload.uploadMs} ms; plain copy of the same bytes on the data directory's disk: ${r.upload.copyMs} ms (${(r.upload.uploadMs / r.upload.copyMs).toFixed(2)}×); the same multipart body sent to a bare \`node:http\` server in its own process that only writes each chunk to a file: ${r.upload.transferMs} ms (${(r.upload.transferMs / r.upload.copyMs).toFixed(2)}× the copy; the upload is ${(r.upload.uploadMs / r.upload.transferMs).toFixed(2)}× this transfer floor). The copy never leaves the kernel (copy_file_range), while any upload has to cross the loopback socket and be written from user space.${r.upload.requestBodyMs ? ` The same bare server reading the body through a web \`Request\`, as Next.js hands it to every route handler: ${r.upload.requestBodyMs} ms (${(r.upload.requestBodyMs / r.upload.transferMs).toFixed(2)}× the transfer floor; the upload is ${(r.upload.uploadMs / r.upload.requestBodyMs).toFixed(2)}× this one).` : ""} The body is encoded once before timing; medians of ${r.upload.runs}.${r.upload.vsTransfer ? ` Each upload against the transfer just before it, median of the ${r.upload.runs} pairs (the budget): ${r.upload.vsTransfer.toFixed(2)}×${r.upload.pairRange ? ` (the pairs ranged from ${r.upload.pairRange[0]!.toFixed(2)}× to ${r.upload.pairRange[1]!.toFixed(2)}×)` : ""}.` : ""}`
      : "- Upload: not measured.",
    `- Server RSS (whole process tree) idle ${r.memory.idleMb} MB (${r.memory.idleSeconds ?? 2} s after the warm-up), after the load ${r.memory.afterLoadMb} MB (${(r.memory.afterLoadMb / r.memory.idleMb).toFixed(2)}×).`,
    r.memory.firstStartMb !== undefined
      ? `- Empty DATA_DIR, after the same warm-up: first start (creates the database) ${r.memory.firstStartMb} MB, restart ${r.memory.restartMb} MB${r.memory.firstStarts && r.memory.restarts ? ` (medians of ${r.memory.firstStarts.length} empty directories, each started twice: first starts ${r.memory.firstStarts.join(", ")} MB, restarts ${r.memory.restarts.join(", ")} MB)` : ""}.`
      : "- First start on an empty DATA_DIR: not measured.",
    "",
    "## Budgets",
    "",
    row(["Budget", "Measured", "Met"]),
    row(["---", "---", "---"]),
    ...r.verdicts.map((v) => row([v.budget, v.actual, v.ok ? "yes" : "**no**"])),
    "",
  ];
  return lines.join("\n");
}
