import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treeRssMb } from "../../reliability/soak-stats.mts";
import { SERVER_START_TIMEOUT } from "../helpers/auth";
import { createTestDatabase } from "../helpers/database";
import { seedFromPgTemplate } from "../helpers/pg-template";
import { startServer, type RunningServer } from "../helpers/server";

/*
 * reliability/REPORT.md §4.1: floods of unique URLs against a production server on a seeded site
 * (24 projects), from 8 keep-alive connections, the way a hostile client would send them:
 * - 10,000 unique 404s: made-up project ids, made-up paths and paths below About;
 * - 10,000 unique `/_next/image` misses (media keys that do not exist, every allowed width), then
 *   every width and format of 4 stored images, which sharp encodes;
 * - 10,000 unique query strings on the cached pages.
 * After each, the RSS of the server's process tree must be within FLOOD_RSS_BUDGET_MB of its idle
 * RSS, and after all the cached pages must still be served from the cache. Before them, made-up
 * project ids and the cached project page are loaded in turns: the 404 must serve at least
 * NOT_FOUND_SHARE of the page's requests a second. With TEST_DATABASE_URL the site is on that
 * PostgreSQL server, else on PGlite. Figures (peaks too) go to reliability/out/floods-<database>.json;
 * FLOOD_REQUESTS sends other amounts.
 */

const FLOOD_RSS_BUDGET_MB = 150;
const FLOOD_REQUESTS = Number(process.env.FLOOD_REQUESTS) || 10_000;
const CONNECTIONS = 8;
/** Stored images whose every width and format is optimized (7 widths × 3 formats each). */
const VARIANT_IMAGES = 4;
/** A made-up project id's 404 against a cached project page, in requests a second. */
const NOT_FOUND_SHARE = 0.5;
/**
 * Requests per round of the cost comparison (two rounds of each, in turns): at ~500 req/s a round
 * lasts about two seconds, long enough for a steady rate.
 */
const COST_REQUESTS = 1_000;
/** Let V8's memory reducer run before idle is read (bench/idle.mts). */
const REST_MS = Number(process.env.FLOOD_REST_MS ?? 15_000);

const serverUrl = process.env.TEST_DATABASE_URL;
const database = serverUrl ? "postgresql" : "pglite";

let server: RunningServer;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
let projectPath: string;
let idleMb: number;
const figures: Record<string, unknown> = {
  database,
  requests: FLOOD_REQUESTS,
  connections: CONNECTIONS,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join("");

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-floods-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "" };
  if (serverUrl) {
    const created = await createTestDatabase(serverUrl, "portfolio_floods");
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  // The bench's generated site (24 projects of 2 sections, as the soak's), seeded before the start.
  seedFromPgTemplate(env);
  execFileSync("tsx", ["--conditions=react-server", "bench/seed.mts", "24", "2"], {
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  server = await startServer(env);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (figures.floods) {
    fs.mkdirSync("reliability/out", { recursive: true });
    fs.writeFileSync(
      `reliability/out/floods-${database}.json`,
      `${JSON.stringify(figures, null, 2)}\n`,
    );
  }
});

type Flood = {
  rps: number;
  statuses: Record<number, number>;
  errors: number;
  peakMb: number;
  afterMb: number;
};

/** `amount` requests, each for the path `makePath()` returns, from CONNECTIONS keep-alive clients. */
async function flood(
  amount: number,
  makePath: () => string,
  headers: Record<string, string> = {},
): Promise<Flood> {
  const pid = server.process.pid!;
  let peakMb = treeRssMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(pid))), 200);
  const statuses: Record<number, number> = {};
  const started = performance.now();
  let last = started;
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.url,
          amount,
          connections: CONNECTIONS,
          headers,
          timeout: 30,
          requests: [{ setupRequest: (request) => ({ ...request, path: makePath() }) }],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on("response", (_client, status) => {
        last = performance.now();
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    });
    const afterMb = treeRssMb(pid);
    return {
      rps: Math.round(result.requests.total / ((last - started) / 1000)),
      statuses,
      errors: result.errors + result.timeouts,
      peakMb: Math.max(peakMb, afterMb),
      afterMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

const cachedPages = () => ["/", projectPath, "/about"];

async function expectCachedPagesHit() {
  for (const page of cachedPages()) {
    const response = await fetch(new URL(page, server.url));
    await response.arrayBuffer();
    expect(response.headers.get("x-nextjs-cache"), page).toBe("HIT");
  }
}

describe(`floods of unique URLs (${database})`, () => {
  it("keep the server's memory within its budget, and a 404 costs about a cached page", async () => {
    const projects = (await (await fetch(new URL("/api/projects", server.url))).json()).data as {
      _id: string;
    }[];
    projectPath = `/sections/${projects[Math.floor(projects.length / 2)]!._id}`;
    const imagePath = (width: number) =>
      `/_next/image?url=${encodeURIComponent(`/media/${hex(32)}.jpg`)}&w=${width}&q=75`;
    // Everything each flood reaches is loaded once before the idle reading: route code, the
    // cached pages, the image optimizer.
    for (const page of [...cachedPages(), "/reel", `/sections/${hex(24)}`, `/${hex(8)}`])
      for (let i = 0; i < 3; i++) await (await fetch(new URL(page, server.url))).arrayBuffer();
    await flood(500, () => `/sections/${hex(24)}`);
    await flood(200, () => imagePath(828));
    await expectCachedPagesHit();
    await sleep(REST_MS);
    idleMb = treeRssMb(server.process.pid!);

    // What a 404 costs: made-up project ids against the cached project page, loaded in turns.
    const cost = { cached: [] as Flood[], notFound: [] as Flood[] };
    for (let round = 0; round < 2; round++) {
      cost.cached.push(await flood(COST_REQUESTS, () => projectPath));
      cost.notFound.push(await flood(COST_REQUESTS, () => `/sections/${hex(24)}`));
    }
    const rate = (runs: Flood[]) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
    // Made-up project ids, made-up paths, paths below About.
    const notFoundPaths = [
      () => `/sections/${hex(24)}`,
      () => `/${hex(12)}/${hex(6)}`,
      () => `/about/${hex(12)}`,
    ];
    const notFound = await flood(FLOOD_REQUESTS, () =>
      notFoundPaths[Math.floor(Math.random() * notFoundPaths.length)]!(),
    );
    const widths = [384, 576, 828, 1200, 1792, 2560, 3840];
    const images = await flood(FLOOD_REQUESTS, () =>
      imagePath(widths[Math.floor(Math.random() * widths.length)]!),
    );
    // And optimizations that run: every width and format of a few stored images (sharp's work and
    // memory, which a missing file never reaches), AVIF first, the slowest.
    const stored = (
      (
        await (
          await fetch(new URL(`/api/sections/${projectPath.split("/")[2]}`, server.url))
        ).json()
      ).data as { resources: string }[]
    )
      .flatMap((section) => section.resources.split(","))
      .slice(0, VARIANT_IMAGES)
      .map((url) => new URL(url, server.url).pathname);
    const variants: Record<string, Flood> = {};
    for (const accept of ["image/avif,image/webp,*/*", "image/webp,*/*", "image/*"]) {
      const urls = stored.flatMap((media) =>
        widths.map((width) => `/_next/image?url=${encodeURIComponent(media)}&w=${width}&q=75`),
      );
      let next = 0;
      variants[accept] = await flood(urls.length, () => urls[next++ % urls.length]!, { accept });
    }
    const queries = await flood(FLOOD_REQUESTS, () => {
      const pages = cachedPages();
      return `${pages[Math.floor(Math.random() * pages.length)]}?${hex(4)}=${hex(12)}`;
    });
    figures.idleMb = idleMb;
    figures.cost = {
      cachedRps: rate(cost.cached),
      notFoundRps: rate(cost.notFound),
      share: Math.round((rate(cost.notFound) / rate(cost.cached)) * 100) / 100,
    };
    figures.floods = { notFound, images, variants, queries };
    console.log(`floods (${database}): ${JSON.stringify(figures)}`);

    for (const run of cost.cached) expect(run.statuses).toEqual({ 200: COST_REQUESTS });
    for (const run of cost.notFound) expect(run.statuses).toEqual({ 404: COST_REQUESTS });
    expect(notFound.statuses).toEqual({ 404: FLOOD_REQUESTS });
    expect(images.statuses).toEqual({ 404: FLOOD_REQUESTS });
    expect(queries.statuses).toEqual({ 200: FLOOD_REQUESTS });
    for (const result of Object.values(variants))
      expect(result.statuses).toEqual({ 200: VARIANT_IMAGES * widths.length });
    for (const result of [notFound, images, ...Object.values(variants), queries])
      expect(result.errors).toBe(0);
    for (const [name, result] of Object.entries({ notFound, images, ...variants, queries }))
      expect(result.afterMb, `${name}: RSS after, idle ${idleMb} MB`).toBeLessThanOrEqual(
        idleMb + FLOOD_RSS_BUDGET_MB,
      );
    expect(rate(cost.notFound)).toBeGreaterThanOrEqual(NOT_FOUND_SHARE * rate(cost.cached));
    await expectCachedPagesHit();
  }, 600_000);
});
