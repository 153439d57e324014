import { describe, expect, it } from "vitest";
import { checkBudgets, NOT_FOUND_LOAD } from "./budgets.mts";
import { countCards, fitBytesPerCard, htmlBudgetFor } from "./cards.mts";
import { withinOneViewport } from "./lazy-video.mts";
import type { LighthouseResult } from "./lighthouse.mts";
import type { LoadResult } from "./load.mts";
import { renderReport, type PageLoad, type Results } from "./report.mts";

const load = (name: string, rps: number): LoadResult => ({
  name,
  url: "http://127.0.0.1:1/",
  requests: 100,
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  non2xx: 0,
  bytesPerResponse: 1000,
});
const page = (
  name: string,
  vsNextStatic: number | null,
  vsLikeForLike: number | null,
): PageLoad => ({
  ...load(name, 100),
  cached: vsLikeForLike !== null,
  vsBare: 0.5,
  vsNextStatic,
  vsLikeForLike,
  ...(vsLikeForLike !== null ? { vsBefore: 1, vsBeforeRounds: [1, 1, 1] } : {}),
});
const lh = (path: string, preset: "mobile" | "desktop", performance: number): LighthouseResult => ({
  url: `http://127.0.0.1:1${path}`,
  preset,
  runs: 3,
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000,
  cls: 0,
  tbtMs: 50,
  failedAudits: [],
});
const kB = 1024;

/** A run that meets every budget; each test breaks one thing. */
function passing(): Results {
  return {
    date: "2026-01-01T00:00:00.000Z",
    machine: { cores: 2, node: "v22", memoryGb: 4 },
    seed: { projects: 200, sectionsPerProject: 3, seconds: 1 },
    load: {
      amount: 100,
      connections: 50,
      bare: load("bare", 1000),
      nextStatic: [],
      likeForLike: [],
      pages: [
        page("/", 0.7, 0.8),
        // Only `/` is loaded against the plain static page.
        page("project page", null, 0.7),
        page("GET /api/projects", 0.3, null),
      ],
    },
    lighthouse: [
      lh("/", "mobile", 90),
      lh("/", "desktop", 99),
      lh("/sections/p", "mobile", 89),
      lh("/sections/show", "mobile", 91),
      { ...lh("/r/token", "mobile", 90), seo: 58 },
    ],
    firstLoadJs: {
      "/": 170 * kB,
      "/sections/p": 175 * kB,
      "/about": 168 * kB,
      "/reel": 169 * kB,
      "/contact": 170 * kB,
    },
    frameworkJs: 165 * kB,
    projectPath: "/sections/p",
    floor: { lighthouse: lh("/", "mobile", 92) },
    cards: {
      perCard: 1800,
      fixed: 20_000,
      pages: [
        { path: "/", cards: 24, bytes: 63_200 },
        { path: "/?page=2", cards: 48, bytes: 106_400 },
      ],
    },
    showcase: {
      path: "/sections/show",
      loopVideos: { expected: 6, found: 6, early: [], requestedWhenNear: 6 },
    },
    upload: {
      bytes: 50 * 2 ** 20,
      paceMbit: 100,
      runs: 5,
      answerAfterLastByteMs: 120,
      answerRangeMs: [90, 180],
      rssGrowthMb: 20,
      loopback: { runs: 9, uploadMs: 700, transferMs: 500, vsTransfer: 1.4 },
    },
    memory: { idleMb: 200, afterLoadMb: 300, firstStartMb: 200, restartMb: 200 },
    beacons: {
      path: "/",
      amount: 10_000,
      alone: [1000, 1010, 990],
      withBeacons: [980, 960, 1000],
      ratio: 0.98,
      non2xx: 0,
    },
    motion: {
      encode: {
        master: {
          width: 1920,
          height: 1080,
          seconds: 10,
          pattern: "testsrc2",
          bytes: 62_000_000,
          codec: "ProRes 422",
        },
        seconds: 24,
        wallSeconds: 36,
        pausedSeconds: 6,
        loadedSeconds: 6,
        loadedCpuSeconds: 0.5,
        steps: [
          { step: "probe", seconds: 0.2, loadedSeconds: 0, cpuSeconds: 0.1, peakRssMb: 40 },
          { step: "480p", seconds: 3, loadedSeconds: 0, cpuSeconds: 4, peakRssMb: 90 },
          { step: "720p", seconds: 5, loadedSeconds: 0, cpuSeconds: 5, peakRssMb: 140 },
          { step: "1080p", seconds: 9, loadedSeconds: 6, cpuSeconds: 9, peakRssMb: 260 },
        ],
        renditions: [
          { width: 854, height: 480, bytes: 700_000 },
          { width: 1280, height: 720, bytes: 1_600_000 },
          { width: 1920, height: 1080, bytes: 5_700_000 },
        ],
        ffmpegPeakRssMb: 260,
        siteRss: { beforeMb: 300, peakMb: 320, roundsPeakMb: 350, afterMb: 310 },
        page: {
          path: "/",
          amount: 2000,
          alone: [900, 950, 920],
          during: [850, 900, 800],
          non2xx: 0,
        },
      },
      phoneLoop: {
        master: { width: 3840, height: 2160, seconds: 5, pattern: "testsrc2", bytes: 30_000_000 },
        viewport: { width: 375, height: 667 },
        encodeSeconds: 40,
        renditions: [
          { width: 854, height: 480, bytes: 400_000 },
          { width: 3840, height: 2160, bytes: 6_000_000 },
        ],
        currentSrc: "/media/l-480.mp4",
        loopSeconds: 5,
        fetched: { "/media/l-480.mp4": 400_500 },
        bytesPer10s: 801_000,
      },
      resumedUpload: {
        bytes: 2 ** 30,
        droppedAfter: 2 ** 29,
        resumedFrom: 2 ** 29 - 1000,
        sourceSha256: "ab".repeat(32),
        storedSha256: "ab".repeat(32),
        rssBeforeMb: 300,
        rssGrowthMb: 20,
        seconds: 14,
      },
    },
    verdicts: [],
  };
}
const missed = (results: Results) =>
  checkBudgets(results)
    .filter((v) => !v.ok)
    .map((v) => v.budget);

describe("bench budgets", () => {
  it("a run within every budget misses none", () => {
    expect(missed(passing())).toEqual([]);
  });

  it("holds each mobile score to the floor measured in the same run, minus 3 points", () => {
    const r = passing();
    r.lighthouse[2]!.performance = 88; // floor 92 − 3 = 89
    expect(missed(r)).toEqual(["Lighthouse performance ≥ floor 92 − 3 on /sections/p (mobile)"]);
    // A slower machine lowers the floor too: the same page passes against a floor of 90.
    r.floor!.lighthouse.performance = 90;
    expect(missed(r)).toEqual([]);
  });

  it("misses when the floor was not measured, or a11y/BP/SEO is under 100", () => {
    const r = passing();
    delete r.floor;
    r.lighthouse[1]!.seo = 92;
    expect(missed(r)).toEqual([
      "framework floor page measured (Lighthouse mobile)",
      "Lighthouse seo = 100 on / (desktop)",
    ]);
  });

  it("does not count SEO on a client review page, noindex on purpose, and holds its other scores", () => {
    const r = passing();
    expect(missed(r)).toEqual([]);
    r.lighthouse.at(-1)!.accessibility = 96;
    r.lighthouse.at(-1)!.performance = 80;
    expect(missed(r)).toEqual([
      "Lighthouse performance ≥ floor 92 − 3 on /r/token (mobile)",
      "Lighthouse accessibility = 100 on /r/token (mobile)",
    ]);
  });

  it("holds first-load JS of /, a project page, /about, /reel and /contact to the floor + 10 kB", () => {
    const r = passing();
    r.firstLoadJs["/reel"] = 175 * kB + 1;
    expect(missed(r)).toEqual(["first-load JS of /reel ≤ floor 165.0 kB + 10 kB"]);
    delete r.firstLoadJs["/about"];
    expect(missed(r)).toContain("first-load JS of /about ≤ floor 165.0 kB + 10 kB");
  });

  it("wants cached pages at 0.65× their like-for-like ceiling and / at 0.65× its same-size page", () => {
    const r = passing();
    r.load.pages[1]!.vsLikeForLike = 0.64;
    r.load.pages[0]!.vsNextStatic = 0.6;
    expect(missed(r)).toEqual([
      "project page ≥ 0.65× the like-for-like static ceiling",
      "/ ≥ 0.65× the same-size static page",
    ]);
  });

  it("misses / when its plain static ceiling was not measured", () => {
    const r = passing();
    r.load.pages[0]!.vsNextStatic = null;
    expect(checkBudgets(r).find((v) => !v.ok)).toEqual({
      budget: "/ ≥ 0.65× the same-size static page",
      actual: "missing",
      ok: false,
    });
    r.load.pages = r.load.pages.filter((p) => p.name !== "/");
    expect(missed(r)).toEqual(["/ ≥ 0.65× the same-size static page"]);
  });

  it("shows the plain static ceiling of / alone, and a dash for the other cached pages", () => {
    const r = passing();
    r.load.rounds = 3;
    r.load.roundAmount = 100;
    r.load.nextStatic = [
      { ...load("Next.js static page (as /)", 1400), rounds: [1400, 1300, 1500] },
    ];
    const report = renderReport(r);
    expect(report).toContain("| Next.js static page (as /) | 1400 (1400, 1300, 1500) |");
    expect(report).toContain("for `/` its plain static ceiling");
    expect(report).toMatch(/\| \/ \(cached\) \|( [^|]+ \|){7} 0\.70 \| 0\.80 \|/);
    expect(report).toMatch(/\| project page \(cached\) \|( [^|]+ \|){7} – \| 0\.70 \|/);
    expect(report).toMatch(/\| GET \/api\/projects \|( [^|]+ \|){7} 0\.30 \| – \|/);
  });

  it("says how many requests the bare server and each API read got", () => {
    const r = passing();
    r.load = { ...r.load, amount: 20_000, readAmount: 10_000, warmUp: 2_000 };
    expect(renderReport(r)).toContain(
      "## HTTP load (20000 requests to bare node:http and 10000 to each API read, each after a tenth as many discarded; 50 connections, loopback)",
    );
    // Results of runs that loaded every target with `amount`.
    delete r.load.readAmount;
    expect(renderReport(r)).toContain(
      "## HTTP load (20000 requests per target after 2000 discarded, 50 connections, loopback)",
    );
  });

  it("wants each public API read at half the cached project page's requests/s", () => {
    const r = passing();
    const api = r.load.pages.find((p) => p.name === "GET /api/projects")!;
    api.rps = 49;
    expect(missed(r)).toEqual(["GET /api/projects ≥ 0.5× the cached project page's req/s"]);
    api.rps = 50;
    expect(missed(r)).toEqual([]);
  });

  it("wants made-up project ids' 404s at half the cached project page's requests/s, and only 404s", () => {
    const r = passing();
    const notFound: PageLoad = { ...page(NOT_FOUND_LOAD, 0.3, null), non2xx: 100, rps: 49 };
    r.load.pages.push(notFound);
    expect(missed(r)).toEqual([`${NOT_FOUND_LOAD} ≥ 0.5× the cached project page's req/s`]);
    notFound.rps = 50;
    expect(missed(r)).toEqual([]);
    notFound.non2xx = 99;
    expect(missed(r)).toEqual([`0 errors and only 404s on ${NOT_FOUND_LOAD}`]);
  });

  it("wants a paced 50 MB upload answered within 250 ms of its last byte, the median of the runs", () => {
    const r = passing();
    r.upload!.answerAfterLastByteMs = 251;
    expect(missed(r)).toEqual(["50 MB upload at 100 Mbit/s answered ≤ 250 ms after its last byte"]);
    r.upload!.answerAfterLastByteMs = 250;
    r.upload!.answerRangeMs = [200, 900];
    expect(missed(r)).toEqual([]);
  });

  it("wants the server's RSS to grow by at most 64 MB during an upload", () => {
    const r = passing();
    r.upload!.rssGrowthMb = 64.1;
    expect(missed(r)).toEqual(["server RSS grows ≤ 64 MB during a 50 MB upload"]);
  });

  it("wants / with view beacons at 10 % of its rate at 0.95× its req/s alone, without errors", () => {
    const r = passing();
    const budget = "cached / with view beacons at 10 % of its rate ≥ 0.95× its req/s alone";
    r.beacons!.ratio = 0.94;
    expect(missed(r)).toEqual([budget]);
    r.beacons!.ratio = 0.96;
    r.beacons!.non2xx = 1;
    expect(missed(r)).toEqual([budget]);
    delete r.beacons;
    expect(missed(r)).toEqual([budget]);
  });

  it("wants the ProRes master's whole ladder encoded within 3× its duration, paused time left out", () => {
    const r = passing();
    const budget = "10 s 1080p ProRes master encoded into its ladder and poster ≤ 3× real time";
    r.motion!.encode!.seconds = 30;
    expect(missed(r)).toEqual([]);
    r.motion!.encode!.seconds = 30.1;
    expect(missed(r)).toEqual([budget]);
    // A ladder that stops short of the master's own height is no ladder, however fast.
    r.motion!.encode!.seconds = 12;
    r.motion!.encode!.renditions.pop();
    expect(missed(r)).toEqual([budget]);
  });

  it("wants the site's RSS within 10 % of before while the encoder runs, whatever ffmpeg holds", () => {
    const r = passing();
    r.motion!.encode!.ffmpegPeakRssMb = 900;
    r.motion!.encode!.siteRss.peakMb = 330;
    // The rounds' own load is not the encoder's: their peak is reported, not budgeted.
    r.motion!.encode!.siteRss.roundsPeakMb = 500;
    expect(missed(r)).toEqual([]);
    r.motion!.encode!.siteRss.peakMb = 330.1;
    expect(missed(r)).toEqual([
      "site's RSS while the encoder runs beside it within 10 % of before the encode",
    ]);
  });

  it("wants the cached page at 0.85× its paused-encoder req/s during an encode, paired by round", () => {
    const r = passing();
    const budget = "cached / during an encode ≥ 0.85× its req/s with the encoder paused, no errors";
    // Rounds compare within their pair: a slow machine in round 3 moves both.
    r.motion!.encode!.page = {
      ...r.motion!.encode!.page,
      alone: [1000, 500, 1000],
      during: [860, 430, 700],
    };
    expect(missed(r)).toEqual([]);
    r.motion!.encode!.page.during = [840, 430, 700];
    expect(missed(r)).toEqual([budget]);
    r.motion!.encode!.page.during = [900, 450, 900];
    r.motion!.encode!.page.non2xx = 1;
    expect(missed(r)).toEqual([budget]);
  });

  it("wants the resumed 1 GB upload stored byte for byte, really resumed, its RSS growth ≤ 64 MB", () => {
    const r = passing();
    const identical =
      "1 GB upload resumed from HEAD's offset after a dropped connection: stored bytes identical (SHA-256)";
    r.motion!.resumedUpload!.storedSha256 = "cd".repeat(32);
    expect(missed(r)).toEqual([identical]);
    r.motion!.resumedUpload!.storedSha256 = "ab".repeat(32);
    r.motion!.resumedUpload!.resumedFrom = 0;
    expect(missed(r)).toEqual([identical]);
    r.motion!.resumedUpload!.resumedFrom = 2 ** 29;
    r.motion!.resumedUpload!.rssGrowthMb = 64.1;
    expect(missed(r)).toEqual(["server RSS grows ≤ 64 MB during the resumed 1 GB upload"]);
  });

  it("wants a 375 px phone to download at most 1.5 MB per 10 s of a loop, and something", () => {
    const r = passing();
    const budget = "375 px phone downloads ≤ 1.50 MB per 10 s of a loop made from a 4K master";
    r.motion!.phoneLoop!.bytesPer10s = 1_500_001;
    expect(missed(r)).toEqual([budget]);
    r.motion!.phoneLoop!.bytesPer10s = 0;
    r.motion!.phoneLoop!.fetched = {};
    expect(missed(r)).toEqual([budget]);
  });

  it("misses every motion-media budget a phase that did not run would have checked", () => {
    const r = passing();
    r.motion = { encode: null, phoneLoop: null, resumedUpload: null };
    expect(missed(r)).toEqual([
      "10 s 1080p ProRes master encoded into its ladder and poster ≤ 3× real time",
      "cached page during an encode measured",
      "1 GB upload resumed from HEAD's offset after a dropped connection: stored bytes identical (SHA-256)",
      "server RSS grows ≤ 64 MB during the resumed 1 GB upload",
      "375 px phone downloads ≤ 1.50 MB per 10 s of a loop made from a 4K master",
    ]);
    delete r.motion;
    expect(missed(r)).toHaveLength(5);
  });

  it("reports each step of the encode, the paired rounds and what the phone played", () => {
    const report = renderReport({ ...passing(), verdicts: checkBudgets(passing()) });
    expect(report).toContain("| 1080p | 9 | 6 | 9 | 260 |");
    expect(report).toContain("| 3 | 920 | 800 | 0.87 |");
    expect(report).toContain("played /media/l-480.mp4 (5 s)");
    expect(report).toContain("0.80 MB per 10 s of loop");
    expect(report).toContain("SHA-256 of the stored file identical to the source's");
  });

  it("reports the loopback ratio without budgeting it", () => {
    const r = passing();
    r.upload!.loopback.vsTransfer = 3;
    expect(missed(r)).toEqual([]);
  });

  it("checks the home page's HTML against 2 kB per card shown + 25 kB", () => {
    const r = passing();
    r.cards!.pages[0]!.bytes = htmlBudgetFor(24) + 1;
    expect(missed(r)).toEqual(["HTML of / ≤ 2 kB per card shown + 25 kB"]);
    r.cards!.pages[0]!.bytes = 1000;
    r.cards!.pages[0]!.cards = 0; // no cards found: the gallery was not measured
    expect(missed(r)).toEqual(["HTML of / ≤ 2 kB per card shown + 25 kB"]);
  });

  it("holds the showcase page to CLS 0, TBT under 200 ms and lazy loop videos", () => {
    const r = passing();
    r.lighthouse[3]!.cls = 0.02;
    r.lighthouse[3]!.tbtMs = 200;
    r.showcase!.loopVideos.early = ["/media/abc"];
    expect(missed(r)).toEqual([
      "CLS 0 on the showcase page (mobile)",
      "TBT < 200 ms on the showcase page (mobile)",
      "no loop video bytes requested before it is within one viewport",
    ]);
  });

  it("misses when the showcase page lacks its 6 loop videos or a video was never requested", () => {
    const r = passing();
    r.showcase!.loopVideos.found = 5;
    r.showcase!.loopVideos.requestedWhenNear = 5;
    expect(missed(r)).toEqual([
      "showcase page shows 6 loop videos",
      "no loop video bytes requested before it is within one viewport",
    ]);
  });

  it("keeps the memory budgets", () => {
    const r = passing();
    r.memory = { idleMb: 301, afterLoadMb: 451, firstStartMb: 260, restartMb: 240 };
    expect(missed(r)).toEqual([
      "idle RSS ≤ 300 MB after warm-up",
      "RSS ≤ 450 MB after the full load",
      "first start on an empty DATA_DIR no higher than a restart (±5 %)",
    ]);
  });

  it("holds the cached pages' throughput within 5 % of the same build before the memory settings", () => {
    const r = passing();
    const budget =
      "cached pages' throughput within 5 % of the same build before the memory settings";
    const verdict = () => checkBudgets(r).find((v) => v.budget === budget);
    const [home, projectPage] = r.load.pages;
    // Every paired round of every cached page counts: one low page does not decide alone.
    home!.vsBefore = 0.97;
    home!.vsBeforeRounds = [0.97, 1.02, 0.95];
    projectPage!.vsBefore = 0.9;
    projectPage!.vsBeforeRounds = [0.88, 0.9, 0.99];
    expect(verdict()).toMatchObject({
      actual: "97 % (median of 6 paired rounds; by page / 97 %, project page 90 %)",
      ok: true,
    });
    home!.vsBeforeRounds = [0.93, 0.94, 1.02];
    expect(verdict()).toMatchObject({ actual: expect.stringMatching(/^94 % /), ok: false });
    home!.vsBeforeRounds = [0.97, 1.02, 0.95];
    expect(missed(r)).toEqual([]);
    // A server that never answered gives no ratio, and a run that did not measure it for every
    // cached page misses the budget.
    home!.vsBeforeRounds = [Infinity, Infinity, Infinity];
    expect(verdict()).toMatchObject({ actual: "missing", ok: false });
    delete projectPage!.vsBeforeRounds;
    expect(verdict()).toMatchObject({ actual: "missing", ok: false });
    // Its loads must answer without errors, as the pages' do.
    const fine = passing();
    fine.load.before = [{ ...fine.load.pages[0]!, name: "before the memory settings (as /)" }];
    expect(missed(fine)).toEqual([]);
    fine.load.before[0]!.non2xx = 12;
    expect(missed(fine)).toEqual(["0 errors and 0 non-2xx on before the memory settings (as /)"]);
  });

  it("reports the server before the memory settings beside each cached page", () => {
    const r = passing();
    const home = r.load.pages[0]!;
    home.vsBefore = 0.98;
    r.load.before = [
      { ...load("before the memory settings (as /)", 990), rounds: [990, 1000, 980] },
    ];
    const report = renderReport(r);
    expect(report).toContain("| before the memory settings (as /) | 990 (990, 1000, 980) |");
    // The page's row ends with its ratio to it.
    expect(report).toMatch(/\| \/ \(cached\) \|.*\| 0\.98 \|\n/);
    expect(report).toContain("the same 512 MB heap limit");
    expect(report).not.toContain("without any");
  });

  it("says which preset ran after a warm-up run", () => {
    const r = passing();
    r.lighthouse = r.lighthouse.map((l) =>
      l.preset === "desktop" ? { ...l, runs: 1, warmUp: false } : { ...l, runs: 7, warmUp: true },
    );
    expect(renderReport(r)).toContain(
      "## Lighthouse (median of 7 run(s) per page on mobile after one warm-up run, 1 on desktop without a warm-up run)",
    );
    // Results of runs before the option had a warm-up run everywhere.
    expect(renderReport(passing())).toContain("3 on desktop after one warm-up run)");
  });

  it("reports how many Lighthouse runs were measured again after a stall, the floor's too", () => {
    const r = passing();
    r.lighthouse[0] = { ...r.lighthouse[0]!, stalledRuns: 3 };
    r.floor!.lighthouse = { ...r.floor!.lighthouse, stalledRuns: 0 };
    const report = renderReport(r);
    expect(report).toContain("| Stalled runs re-run |");
    expect(report).toMatch(
      /\| \/ \| mobile \| \d+ \| 100 \| 100 \| 100 \| 1000 \| 0 \| 50 \| 3 \|/,
    );
    expect(report).toContain("| framework floor page (no code of the site) | mobile | 92 |");
    expect(report).toMatch(/\| framework floor page \(no code of the site\) \|.*\| 0 \|\n/);
    // Results of runs before the count existed show a dash, not a zero.
    expect(renderReport(passing())).toMatch(/\| \/ \| mobile \|.*\| – \|/);
  });
});

describe("bytes per card", () => {
  it("counts the project cards in the gallery markup", () => {
    const card = '<li class="group" data-testid="project-card"><a href="/sections/1">A</a></li>';
    expect(countCards(`<ul>${card.repeat(24)}</ul>`)).toBe(24);
    expect(countCards("<main>Nothing here yet</main>")).toBe(0);
  });

  it("fits page bytes = fixed + per card × cards from two views", () => {
    const pages = [
      { path: "/?page=2", cards: 48, bytes: 30_000 + 48 * 1500 },
      { path: "/", cards: 24, bytes: 30_000 + 24 * 1500 },
    ];
    expect(fitBytesPerCard(pages)).toEqual({ perCard: 1500, fixed: 30_000, pages });
    expect(fitBytesPerCard([pages[0]!, { ...pages[0]!, path: "/x" }])).toBeNull();
    expect(fitBytesPerCard([pages[0]!])).toBeNull();
  });

  it("budgets 2 kB per card + 25 kB", () => {
    expect(htmlBudgetFor(24)).toBe(24 * 2048 + 25 * 1024);
  });
});

describe("within one viewport", () => {
  it("takes a box up to one viewport below or above the visible area", () => {
    expect(withinOneViewport(1334, 1500, 667)).toBe(true);
    expect(withinOneViewport(1335, 1500, 667)).toBe(false);
    expect(withinOneViewport(-900, -667, 667)).toBe(true);
    expect(withinOneViewport(-900, -668, 667)).toBe(false);
  });
});
