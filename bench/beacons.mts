// Cached pages' throughput while view beacons arrive at 10 % of the page rate
// (docs/performance.md#view-beacons). Part of `npm run bench`; alone, on a built tree:
// `node --conditions=react-server --import tsx bench/beacons.mts` seeds a fresh data directory,
// starts the production server and prints the result.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { WARM_UP_SHARE } from "./load.mts";
import { median } from "./median.mts";
import { children } from "../reliability/soak-stats.mts";

/** One beacon for every this many page requests: 10 % of the page rate. */
export const PAGES_PER_BEACON = 10;

export type BeaconLoad = {
  path: string;
  /** Page requests per round (the mixed rounds add one beacon per PAGES_PER_BEACON). */
  amount: number;
  /** The page's req/s alone and, in the same round, while beacons arrive; one entry per round. */
  alone: number[];
  withBeacons: number[];
  /** Median of each round's withBeacons / alone. */
  ratio: number;
  /** Answers other than 2xx (page 200, beacon 204): must be 0. */
  non2xx: number;
  /**
   * Server CPU time (its process tree) per page request and per beacon, each measured in a burst
   * of its own, and the page's share of its throughput they predict with beacons at 10 % when
   * the server is CPU-bound: a cross-check that a busy machine moves less than req/s.
   */
  cpu?: {
    perPageMs: number;
    perBeaconMs: number;
    share: number;
    /** The load generator's own CPU time (this process) per page request and per beacon. */
    clientPerPageMs: number;
    clientPerBeaconMs: number;
  };
};

/** CPU time (user + system) of `pid` and its children, in ms (Linux counts 10 ms ticks). */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const id of [pid, ...children(pid).flatMap((child) => [child, ...children(child)])]) {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited between listing and reading.
    }
  }
  return ticks * 10;
}

/** A person's browser, a different one for every beacon: each a new visitor to hash and count. */
const agent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

/**
 * Each beacon's visitor's own address, as the site's reverse proxy reports it (the server runs
 * with AUTH_TRUST_PROXY=true): beacons are limited per address and minute (docs/security.md,
 * "Insights"), and thousands of people a minute come from thousands of addresses, not one: 5,000
 * here, within the 10,000 a minute the limit remembers (the CPU reading's burst of 10,000 beacons
 * would otherwise be refused past them); each beacon stays a new visitor by its user agent.
 */
const address = (n: number) => {
  const a = n % 5_000;
  return `10.0.${(a >> 8) & 255}.${a & 255}`;
};

/**
 * Beacons are counted in memory and written in a batch every 10 s: the CPU reading of a burst
 * waits this long after it, so the batch write of its views is in it too.
 */
const BATCH_WRITE_WAIT_MS = 11_000;

/**
 * `pages` requests to `url`'s page, with `pages / PAGES_PER_BEACON` beacons (POST /api/views of
 * that page) in among them when `beacons` is set. Answers the page's req/s: the page requests
 * over the time until the last response.
 */
async function measure(url: string, pages: number, beacons: boolean | "only", connections: number) {
  const target = new URL(url);
  // "only": beacons alone (pages of them), for their CPU time.
  const every = beacons === "only" ? 1 : PAGES_PER_BEACON + 1;
  const amount = beacons === true ? pages + Math.floor(pages / PAGES_PER_BEACON) : pages;
  let sent = 0;
  const start = performance.now();
  let lastResponse = start;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        amount,
        connections,
        timeout: 20,
        requests: [
          {
            setupRequest: (request: object) => {
              const n = sent++;
              if (!beacons || n % every !== every - 1)
                return { ...request, method: "GET", path: target.pathname + target.search };
              return {
                ...request,
                method: "POST",
                path: "/api/views",
                headers: {
                  "content-type": "text/plain;charset=UTF-8",
                  "user-agent": agent(n),
                  "x-forwarded-for": address(n),
                },
                body: JSON.stringify({ p: target.pathname, r: "https://news.example/" }),
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", () => {
      lastResponse = performance.now();
    });
  });
  const seconds = Math.max(lastResponse - start, 1) / 1000;
  return { rps: Math.round(pages / seconds), non2xx: result.non2xx + result.errors };
}

/**
 * The cached page at `url` alone and with beacons, `rounds` times, the two taking turns going
 * first; each after a discarded warm-up burst (bench/load.mts).
 */
export async function loadWithBeacons(
  url: string,
  pages: number,
  rounds: number,
  connections = 50,
  /** The server's pid: with it, the CPU time per page and per beacon too. */
  pid?: number,
): Promise<BeaconLoad> {
  if (!/^http:\/\/(localhost|127\.\d+\.\d+\.\d+)(:\d+)?\//.test(url))
    throw new Error(`Loopback only: ${url}`);
  const warmUp = Math.ceil(pages * WARM_UP_SHARE);
  await measure(url, warmUp, true, connections);
  const alone: number[] = [];
  const withBeacons: number[] = [];
  let non2xx = 0;
  for (let round = 0; round < rounds; round++) {
    for (const mixed of round % 2 === 0 ? [false, true] : [true, false]) {
      const result = await measure(url, pages, mixed, connections);
      (mixed ? withBeacons : alone).push(result.rps);
      non2xx += result.non2xx;
    }
  }
  let cpu: BeaconLoad["cpu"];
  if (pid) {
    const cpuOf = async (mode: false | "only") => {
      const before = treeCpuMs(pid);
      const client = process.cpuUsage();
      const result = await measure(url, pages, mode, connections);
      const { user, system } = process.cpuUsage(client);
      await new Promise((resolve) => setTimeout(resolve, BATCH_WRITE_WAIT_MS));
      non2xx += result.non2xx;
      return { server: (treeCpuMs(pid) - before) / pages, client: (user + system) / 1000 / pages };
    };
    const page = await cpuOf(false);
    const beacon = await cpuOf("only");
    const share = page.server / (page.server + beacon.server / PAGES_PER_BEACON);
    cpu = {
      perPageMs: page.server,
      perBeaconMs: beacon.server,
      share,
      clientPerPageMs: page.client,
      clientPerBeaconMs: beacon.client,
    };
  }
  return {
    path: new URL(url).pathname,
    amount: pages,
    alone,
    withBeacons,
    ratio: median(withBeacons.map((rps, i) => rps / alone[i]!)),
    non2xx,
    ...(cpu ? { cpu } : {}),
  };
}

// Alone: a fresh data directory, the production server, `/` and a project page.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { seedFreshDataDir } = await import("./fresh-data.mts");
  const { startServer } = await import("../test/helpers/server.ts");
  const root = path.resolve(import.meta.dirname, "..");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-beacons-"));
  try {
    seedFreshDataDir(root, dataDir, 40, 3);
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_TRUST_PROXY: "true",
    });
    try {
      const projects = (await (await fetch(`${server.url}/api/projects`)).json()) as {
        data: { _id: string }[];
      };
      for (const page of ["/", `/sections/${projects.data[0]!._id}`]) {
        await fetch(server.url + page);
        const result = await loadWithBeacons(server.url + page, 10_000, 3, 50, server.process.pid);
        console.log(JSON.stringify(result));
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
