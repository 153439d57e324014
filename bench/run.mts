// `npm run bench [-- --check] [-- --quick]`: seeds a fresh data directory, builds, starts the
// production server and measures load, Lighthouse, first-load JS, upload speed and memory in one run.
// Writes bench/results.json and bench/REPORT.md. Loopback only; every loop is bounded.
// `npm run bench -- --report-only` measures nothing: it renders bench/REPORT.md again from
// bench/results.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { checkBudgets, NOT_FOUND_LOAD } from "./budgets.mts";
import { seedFreshDataDir } from "./fresh-data.mts";
import { countCards, fitBytesPerCard, type CardPage } from "./cards.mts";
import { median } from "./median.mts";
import { prepareNextStaticCeiling, startBareServer, startFrameworkFloor } from "./ceilings.mts";
import { checkLazyVideos } from "./lazy-video.mts";
import { firstLoadJs } from "./js-weight.mts";
import { loadWithBeacons } from "./beacons.mts";
import { lighthouse, type LighthouseResult } from "./lighthouse.mts";
import { WARM_UP_SHARE, load, type LoadResult } from "./load.mts";
import { renderReport, writeReportFromResults, type PageLoad, type Results } from "./report.mts";
import { SHOWCASE_TITLE } from "./showcase.mts";
import { nothingLeftRunning, runToEnd, stopCleanlyOnSignal } from "./stop.mts";
import { measureUpload } from "./upload.mts";
import { measureEncode } from "./encode.mts";
import { makeMastersAside, mastersIn } from "./masters.mts";
import { measurePhoneLoop } from "./phone-loop.mts";
import { measureResumedUpload } from "./resumable.mts";
import { IDLE_WAIT_MS, restingRssMb, warmUpPaths } from "./idle.mts";
import { signUp } from "../test/helpers/auth.ts";
import { freePort, startServer, type RunningServer } from "../test/helpers/server.ts";
import { beforeNodeOptions } from "./node-options.mts";
import { treeRssMb } from "../reliability/soak-stats.mts";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
if (args.has("--report-only")) {
  writeReportFromResults(root);
  console.log("[bench] wrote bench/REPORT.md from bench/results.json");
  process.exit(0);
}
// Stopped half-way (SIGTERM, SIGINT, SIGHUP: a time limit, Ctrl-C), the run kills everything it
// started, Lighthouse's Chromium included, and removes its data copies and temporary folder.
const { marker } = stopCleanlyOnSignal(() =>
  ["data", "data-before", "empty", "masters"].map((dir) => path.join(root, "bench/out", dir)),
);
const quick = args.has("--quick");
/** Requests to the bare node:http server. */
const amount = quick ? 2_000 : 20_000;
/**
 * Rounds of (static ceiling on `/` only, like-for-like ceiling, page, the server before the memory
 * settings) per cached page, and each one's requests.
 */
const ROUNDS = quick ? 1 : 3;
const roundAmount = quick ? amount : amount / 2;
/**
 * Requests per public API read and per ceiling load in a round: half a round's. Their budgets are
 * ratios with wide margins (API reads ≥ 0.5× the cached project page's req/s, read at 0.76–1.2×;
 * cached pages ≥ 0.65× their ceilings, read at 0.84–0.94×: docs/performance.md#latest-figures),
 * far beyond what 5,000 requests instead of 10,000 move them. The page and the server before the
 * memory settings, whose budget has a 5 % margin, keep a round's 10,000.
 */
const readAmount = roundAmount / 2;
const ceilingAmount = roundAmount / 2;
const connections = 50;
/**
 * Lighthouse runs per page, medians. 7 on mobile (after a first visit), whose score is a budget
 * against the floor page's: medians of 3 and 5 still put a page up to 5 points under the floor in
 * single runs where alternating rounds right after read level with it
 * (docs/performance.md#budgets). A run took 8.2 s in the last full run (61 runs in 8m19s). One
 * on desktop without a first visit: desktop is budgeted only on accessibility, best practices and
 * SEO, binary audits of the page's markup that do not move with timing, and its run follows the
 * same page's mobile runs, so the server has served the page; its performance figures are
 * reported, not budgeted (a first visit at desktop widths may still encode image variants).
 */
const lighthouseRuns = { mobile: quick ? 1 : 7, desktop: 1 } as const;
const PROJECTS = quick ? 40 : 200;
const SECTIONS = 3;

const startedAt = Date.now();
/** A step's line, with the time the run has taken so far. */
const log = (message: string) => {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(
    `[bench ${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s] ${message}`,
  );
};
/** The run's phases and how long each took, in bench/REPORT.md. */
const phases: { name: string; seconds: number }[] = [{ name: "seeding", seconds: 0 }];
let phaseStart = startedAt;
/** Ends the phase under way. */
const endPhase = () => {
  phases.at(-1)!.seconds = Math.round((Date.now() - phaseStart) / 1000);
  phaseStart = Date.now();
};
/** Starts a phase (ending the one before it) and logs the step. */
const phase = (name: string, message = name) => {
  endPhase();
  phases.push({ name, seconds: 0 });
  log(message);
};
/** RSS of the whole server process tree, in MB. */
const rssMb = (pid: number) => Math.round(treeRssMb(pid));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time (user + system) the process has used, in ms (Linux counts it in 10 ms ticks). */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/**
 * Waits, at most 30 s, until the server uses under 5 % of a core over a whole second: Lighthouse's
 * visits leave it busy for a moment (image variants), which the upload's time should not carry.
 * Returns the seconds waited.
 */
async function settle(pid: number): Promise<number> {
  for (let second = 0; second < 30; second++) {
    const before = cpuMs(pid);
    await sleep(1000);
    if (cpuMs(pid) - before < 50) return second + 1;
  }
  return 30;
}

const dataDir = path.join(root, "bench/out/data");
log(`seeding ${PROJECTS} projects × ${SECTIONS} sections`);
const seeded = seedFreshDataDir(root, dataDir, PROJECTS, SECTIONS, { showcase: true });
const seedSeconds = seeded.seconds;
// The "before" server's own copy of the data (two PGlite servers cannot share a directory).
const beforeDir = path.join(root, "bench/out/data-before");
fs.rmSync(beforeDir, { recursive: true, force: true });
fs.cpSync(dataDir, beforeDir, { recursive: true });

// The motion-media phases' masters are made beside the build (bench/masters.mts).
const mastersDir = path.join(root, "bench/out/masters");
fs.rmSync(mastersDir, { recursive: true, force: true });
fs.mkdirSync(mastersDir, { recursive: true });
phase("building", "building, and making the video masters beside it");
await Promise.all([
  runToEnd("next", ["build"], { cwd: root, env: seeded.env }),
  makeMastersAside(root, mastersDir),
]);
const masters = mastersIn(mastersDir);

/** A warmed-up server's RSS once it has rested (bench/idle.mts), in whole MB. */
const warmUp = async (server: RunningServer, paths: string[]) =>
  Math.round(await restingRssMb(server, paths));

// The first start on an empty DATA_DIR creates the database; it must not leave the server bigger
// than a restart on the same directory does. One start's RSS moves by ±20 MB between runs here,
// more than the 5 % tolerance, so empty directories each get a first start and a restart, and
// their medians are compared. With 3 of them, two runs of an unchanged start-up read −4.6 % and
// +5.7 %; 5 narrow that. Each start is read at rest, as the seeded server is (bench/idle.mts):
// the five servers of a round start and warm up one after another (no start shares the cores with
// another), then rest together, each for at least IDLE_WAIT_MS, instead of one rest per start.
const EMPTY_DIRS = 5;
phase(
  "memory: empty DATA_DIRs",
  `memory: first start on an empty DATA_DIR, then a restart (${EMPTY_DIRS} pairs)`,
);
const emptyPaths = ["/", "/about", "/reel", "/api/projects"];
const firstStarts: number[] = [];
const restarts: number[] = [];
const emptyRoot = path.join(root, "bench/out/empty");
fs.rmSync(emptyRoot, { recursive: true, force: true });
const emptyDirs = Array.from({ length: EMPTY_DIRS }, (_, i) => path.join(emptyRoot, String(i + 1)));
for (const dir of emptyDirs) fs.mkdirSync(dir, { recursive: true });
for (const rss of [firstStarts, restarts]) {
  const resting: RunningServer[] = [];
  try {
    for (const dir of emptyDirs) {
      const fresh = await startServer({ DATA_DIR: dir, DATABASE_URL: "" });
      resting.push(fresh);
      await warmUpPaths(fresh, emptyPaths);
    }
    await sleep(IDLE_WAIT_MS);
    for (const fresh of resting) rss.push(rssMb(fresh.process.pid!));
  } finally {
    await Promise.all(resting.map((fresh) => fresh.stop()));
  }
}
fs.rmSync(emptyRoot, { recursive: true, force: true });
const [firstStartMb, restartMb] = [median(firstStarts), median(restarts)];
log(`first start ${firstStarts.join(", ")} MB, restart ${restarts.join(", ")} MB`);

// startServer gives every server `npm start`'s Node options: the bench measures the production set-up.
phase("server start, warm-up and idle memory");
// Behind a proxy, as deployed: the view beacons' visitors each have their own address (beacons.mts).
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "", AUTH_TRUST_PROXY: "true" });
const pid = server.process.pid!;
let before: RunningServer | undefined;
try {
  const listed = (await (await fetch(`${server.url}/api/projects`)).json()).data as {
    _id: string;
    title: string;
  }[];
  const showcaseProject = listed.find((project) => project.title === SHOWCASE_TITLE);
  if (!showcaseProject) throw new Error("The showcase project was not seeded");
  const showcasePath = `/sections/${showcaseProject._id}`;
  const projects = listed.filter((project) => project !== showcaseProject);
  const projectPath = `/sections/${projects[Math.floor(projects.length / 2)]!._id}`;
  const pages: { name: string; path: string; cached: boolean; paths?: () => string }[] = [
    { name: "/", path: "/", cached: true },
    { name: "/?category=Illustration", path: "/?category=Illustration", cached: true },
    { name: "project page", path: projectPath, cached: true },
    // Public API reads, served to a visitor from the cache (not loaded against ceilings).
    { name: "GET /api/projects", path: "/api/projects", cached: false },
    {
      name: "GET /api/projects/filter",
      path: "/api/projects/filter?category=Illustration",
      cached: false,
    },
    { name: "GET /api/projects/counts", path: "/api/projects/counts", cached: false },
    {
      name: "GET /api/sections/{projectId}",
      path: `/api/sections/${projects[Math.floor(projects.length / 2)]!._id}`,
      cached: false,
    },
    { name: "GET /api/settings", path: "/api/settings", cached: false },
    // A flood of 404s: every request a project id no project has.
    {
      name: NOT_FOUND_LOAD,
      path: `/sections/${randomBytes(12).toString("hex")}`,
      cached: false,
      paths: () => `/sections/${randomBytes(12).toString("hex")}`,
    },
  ];
  const idleMb = await warmUp(
    server,
    pages.map((page) => page.path),
  );

  // The cached pages' throughput within 5 % of before the memory settings: the same build on a copy
  // of the data, started as `npm start` ran before them (the same 512 MB heap limit, V8's own
  // young generation and heap growing factor, glibc's own malloc thresholds;
  // scripts/node-options.mjs), loaded in the same rounds as each cached page. The database
  // parameters and route loading stay: a cached page's request runs no query, and both servers are
  // warmed up on the same paths. No server without any memory setting (the heap limit included)
  // is loaded: what that limit costs is no budget, and its 9 loads would add about 1.5 minutes.
  before = await startServer(
    { DATA_DIR: beforeDir, DATABASE_URL: "" },
    { options: beforeNodeOptions(), args: ["--heap-growing-percent=0"] },
  );
  await warmUpPaths(
    before,
    pages.map((page) => page.path),
  );

  // Each cached page is loaded right after a like-for-like static Next.js page of its own size (its
  // ceiling), so both see the same bytes per response and, on a shared machine, about the same
  // background load; three such rounds, and each ratio is the median of its three rounds' ratios
  // (one round's ceiling has read 20 % low on this machine). `/`'s rounds also load the plain
  // static page of its size first: `/` is budgeted against it, and the uncached reads' "vs Next
  // static" is against it. The other cached pages' budgets are their like-for-like ceilings only,
  // so their rounds leave the plain page out (6 loads and 2 ceiling builds, about a minute). Every
  // load, ceilings included, gets a discarded warm-up burst first (`load`): measured at once, `/`
  // (loaded first) and each freshly started ceiling ran cold while /?category ran warm.
  const html = Buffer.from(await (await fetch(`${server.url}/`)).arrayBuffer());
  const bare = await startBareServer(html);
  const plainApp = prepareNextStaticCeiling(root, "ceiling");
  const alikeApp = prepareNextStaticCeiling(root, "like-for-like");
  phase(
    "HTTP load",
    `load: ${amount} requests to bare node:http, ${ROUNDS} round(s) of ${roundAmount} × each cached page and the server before the memory settings and ${ceilingAmount} × its ceilings, then ${readAmount} × each API read`,
  );
  const bareResult = await load("bare node:http", bare.url, amount, connections);
  await bare.close();
  /** The plain static ceiling of `/`: one entry, once `/` has run. */
  const ceilings: LoadResult[] = [];
  const likeForLikes: LoadResult[] = [];
  const beforeLoads: LoadResult[] = [];
  const loads: PageLoad[] = [];
  /** Rounds so far, over all pages: which of the two servers goes first. */
  let turns = 0;
  for (const page of pages) {
    if (!page.cached) {
      const result = await load(page.name, server.url + page.path, readAmount, connections, {
        paths: page.paths,
      });
      loads.push({
        ...result,
        cached: false,
        vsBare: result.rps / bareResult.rps,
        vsNextStatic: result.rps / ceilings[0]!.rps,
        vsLikeForLike: null,
      });
      log(`${page.name}: ${result.rps} req/s, p99 ${result.p99} ms`);
      continue;
    }
    const text = await (await fetch(server.url + page.path)).text();
    const size = Buffer.byteLength(text);
    // The like-for-like page holds the page's non-ASCII characters; its server has rendered once.
    const characters = [...text].filter((character) => character.charCodeAt(0) > 127).join("");
    const plain = page.name === "/" ? await plainApp.start(size, await freePort()) : null;
    const alike = await alikeApp.start(size, await freePort(), { characters }).catch((error) => {
      plain?.stop();
      throw error;
    });
    const rounds: {
      ceiling: LoadResult | null;
      likeForLike: LoadResult;
      page: LoadResult;
      before: LoadResult;
    }[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Later rounds load servers the first round has warmed with the same requests.
        const options = { warmUp: round === 0 };
        const ceiling = plain
          ? await load(
              `Next.js static page (as ${page.name})`,
              plain.url,
              ceilingAmount,
              connections,
              options,
            )
          : null;
        const likeForLike = await load(
          `Next.js static page, like for like (as ${page.name})`,
          alike.url,
          ceilingAmount,
          connections,
          options,
        );
        // The page and the server before the memory settings take turns going first.
        const servers = [
          { name: page.name, url: server.url + page.path },
          { name: `before the memory settings (as ${page.name})`, url: before!.url + page.path },
        ];
        const loaded: LoadResult[] = [];
        const first = turns++ % servers.length;
        for (let i = 0; i < servers.length; i++) {
          const index = (first + i) % servers.length;
          const target = servers[index]!;
          loaded[index] = await load(target.name, target.url, roundAmount, connections, options);
        }
        const [result, old] = loaded as [LoadResult, LoadResult];
        rounds.push({ ceiling, likeForLike, page: result, before: old });
        log(
          `${page.name}, round ${round + 1}: ${result.rps} req/s (${ceiling ? `static ${ceiling.rps}, ` : ""}like for like ${likeForLike.rps}, before the memory settings ${old.rps})`,
        );
      }
    } finally {
      plain?.stop();
      alike.stop();
    }
    /** The median round's load, with every round's req/s. */
    const middle = (results: LoadResult[]): LoadResult => ({
      ...[...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!,
      rounds: results.map((r) => r.rps),
    });
    const plainRounds = rounds.flatMap((r) => (r.ceiling ? [r.ceiling] : []));
    if (plainRounds.length) ceilings.push(middle(plainRounds));
    likeForLikes.push(middle(rounds.map((r) => r.likeForLike)));
    beforeLoads.push(middle(rounds.map((r) => r.before)));
    const result = middle(rounds.map((r) => r.page));
    const vsBeforeRounds = rounds.map((r) => r.page.rps / r.before.rps);
    loads.push({
      ...result,
      cached: true,
      vsBare: result.rps / bareResult.rps,
      vsNextStatic: plainRounds.length
        ? median(rounds.map((r) => r.page.rps / r.ceiling!.rps))
        : null,
      vsLikeForLike: median(rounds.map((r) => r.page.rps / r.likeForLike.rps)),
      vsBefore: median(vsBeforeRounds),
      vsBeforeRounds,
    });
  }
  await before.stop();
  before = undefined;
  fs.rmSync(beforeDir, { recursive: true, force: true });
  await sleep(2000);
  const afterLoadMb = rssMb(pid);

  // View beacons at 10 % of the page rate, against `/` alone in the same rounds
  // (docs/performance.md#view-beacons); after the memory reading, which is of the page loads.
  phase(
    "view beacons",
    `view beacons: ${ROUNDS} round(s) of ${roundAmount} × / alone and with beacons`,
  );
  // Without the server's pid: the CPU reading per page and per beacon (two bursts and 22 s of
  // waiting) is a cross-check that decides no budget, left to bench/beacons.mts run alone.
  const beacons = await loadWithBeacons(`${server.url}/`, roundAmount, ROUNDS, connections);
  log(`view beacons: / at ${beacons.ratio.toFixed(2)}× its req/s alone`);

  // Raw HTML per gallery card: page 1 (24 cards) and page 2 (48 cards).
  const cardPages: CardPage[] = [];
  for (const p of ["/", "/?page=2"]) {
    const text = await (await fetch(server.url + p)).text();
    cardPages.push({ path: p, cards: countCards(text), bytes: Buffer.byteLength(text) });
  }
  const cards = fitBytesPerCard(cardPages) ?? { perCard: NaN, fixed: NaN, pages: cardPages };
  log(`HTML per card: ${cards.perCard} B + ${cards.fixed} B`);

  // The framework floor page, measured in this run beside the site's pages.
  phase("framework floor page", "framework floor page: build, first-load JS and Lighthouse mobile");
  const floorApp = await startFrameworkFloor(root, await freePort());
  let frameworkJs: number;
  let floorLighthouse: LighthouseResult;
  try {
    frameworkJs = (await firstLoadJs([floorApp.url]))["/"] ?? 0;
    floorLighthouse = await lighthouse(root, floorApp.url, "mobile", lighthouseRuns.mobile);
  } finally {
    floorApp.stop();
  }
  log(`floor: ${(frameworkJs / 1024).toFixed(1)} kB, mobile ${floorLighthouse.performance}`);

  // The owner (for the upload below) makes a client review link of the showcase project: its page
  // is measured as a visitor's, with the reviewer's comment code (docs/spec.md §13).
  const owner = await signUp(server.url, "bench-owner@example.com", "bench-password-123");
  const reviewPath = new URL(
    (
      (await (
        await fetch(`${server.url}/api/review-links`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${owner.accessToken}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ name: "Bench review", projectIds: [showcaseProject._id] }),
        })
      ).json()) as { data: { url: string } }
    ).data.url,
  ).pathname;

  phase("first-load JavaScript");
  const publicRoutes = [
    "/",
    "/?category=Illustration",
    projectPath,
    "/about",
    "/reel",
    "/contact",
    showcasePath,
    reviewPath,
  ];
  const jsWeights = await firstLoadJs(publicRoutes.map((p) => server.url + p));

  phase(
    "Lighthouse",
    `Lighthouse (${lighthouseRuns.mobile} run(s) per page on mobile after a first visit, ${lighthouseRuns.desktop} on desktop without one)`,
  );
  const lighthouseResults: LighthouseResult[] = [];
  for (const route of ["/", projectPath, "/about", "/reel", "/contact"]) {
    // Mobile first: its runs have served the page before the desktop run, which has no warm-up run.
    lighthouseResults.push(
      await lighthouse(root, server.url + route, "mobile", lighthouseRuns.mobile),
      await lighthouse(root, server.url + route, "desktop", lighthouseRuns.desktop, {
        warmUp: false,
      }),
    );
  }
  lighthouseResults.push(
    await lighthouse(root, server.url + showcasePath, "mobile", lighthouseRuns.mobile),
    await lighthouse(root, server.url + reviewPath, "mobile", lighthouseRuns.mobile),
  );

  phase("showcase loop videos", "showcase: loop video requests while scrolling");
  const showcaseSections = (
    await (await fetch(`${server.url}/api/sections/${showcaseProject._id}`)).json()
  ).data as { video: string; playback: string }[];
  const loopUrls = showcaseSections
    .filter((s) => s.playback === "loop" && s.video)
    .map((s) => s.video);
  const loopVideos = await checkLazyVideos(server.url + showcasePath, loopUrls);
  log(`loop videos: ${loopVideos.found} found, ${loopVideos.early.length} requested early`);

  phase("upload");
  log(`upload (after the server settled for ${await settle(pid)} s)`);
  const upload = await measureUpload(server.url, projects[0]!._id, dataDir, owner.accessToken, pid);

  // Motion media: the product's encoder and resumable uploads (docs/media.md#in-the-bench).
  // A phase that fails is reported and its budgets missed; the others still run.
  const media = { url: server.url, token: owner.accessToken };
  const measured = async <T,>(name: string, measure: () => Promise<T>): Promise<T | null> => {
    phase(name);
    try {
      return await measure();
    } catch (error) {
      log(`${name} failed: ${(error as Error).stack ?? error}`);
      return null;
    }
  };
  const motion = {
    encode: await measured("motion: encoding a ProRes master", () =>
      measureEncode(media, pid, projects[1]!._id, "/", masters.prores),
    ),
    phoneLoop: await measured("motion: a 4K loop on a phone", () =>
      measurePhoneLoop(media, projects[2]!._id, masters.loop),
    ),
    resumedUpload: await measured("motion: a resumed 1 GB upload", () =>
      measureResumedUpload(media, pid, dataDir, masters.head),
    ),
  };
  fs.rmSync(mastersDir, { recursive: true, force: true });

  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      node: process.version,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
    },
    seed: { projects: PROJECTS, sectionsPerProject: SECTIONS, seconds: seedSeconds },
    load: {
      amount,
      rounds: ROUNDS,
      roundAmount,
      readAmount,
      ceilingAmount,
      warmUp: Math.ceil(amount * WARM_UP_SHARE),
      connections,
      bare: bareResult,
      nextStatic: ceilings,
      likeForLike: likeForLikes,
      before: beforeLoads,
      pages: loads,
    },
    lighthouse: lighthouseResults,
    firstLoadJs: jsWeights,
    frameworkJs,
    projectPath,
    floor: { lighthouse: floorLighthouse },
    cards,
    showcase: { path: showcasePath, loopVideos },
    upload,
    motion,
    beacons,
    phases,
    memory: {
      idleMb,
      idleSeconds: IDLE_WAIT_MS / 1000,
      afterLoadMb,
      firstStartMb,
      restartMb,
      firstStarts,
      restarts,
    },
    verdicts: [],
  };
  endPhase();
  const resultsFile = path.join(root, "bench/results.json");
  results.verdicts = checkBudgets(results);
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + "\n");
  // The report is written whole from the results: nothing in it is kept by hand.
  fs.writeFileSync(path.join(root, "bench/REPORT.md"), renderReport(results));
  const missed = results.verdicts.filter((v) => !v.ok);
  log(`wrote bench/results.json and bench/REPORT.md; ${missed.length} budget(s) missed`);
  for (const v of missed) log(`missed: ${v.budget} (measured ${v.actual})`);
  if (args.has("--check") && missed.length > 0) process.exitCode = 1;
} finally {
  await before?.stop();
  await server.stop();
}
// Nothing the run started may still be running (bench/stop.mts).
if (!nothingLeftRunning(marker)) process.exitCode = 1;
log("done");
