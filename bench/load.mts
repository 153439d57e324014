// HTTP load on loopback with autocannon: a fixed number of requests at fixed concurrency.
import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  url: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
  /** req/s of each round, where a target was loaded in rounds (bench/run.mts); this is the median one. */
  rounds?: number[];
};

/** The share of `amount` sent first and discarded, so every target is measured warm. */
export const WARM_UP_SHARE = 0.1;

/**
 * Loads `url` with `amount` requests at `connections`, after a discarded burst of
 * `amount × WARM_UP_SHARE` unless `warmUp` is false. A server's first thousands of requests run
 * colder code (JIT, caches filling, young-generation sizing): measured at once, whichever target
 * came first (the site's `/`, each freshly started ceiling) was compared cold while the others ran
 * warm. A target that has just been loaded with the same requests is warm already.
 */
export async function load(
  name: string,
  url: string,
  amount: number,
  connections = 50,
  {
    paths,
    warmUp = true,
  }: {
    /** A new path for every request (on `url`'s server) instead of `url`'s own. */
    paths?: () => string;
    warmUp?: boolean;
  } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(localhost|127\.\d+\.\d+\.\d+)(:\d+)?\//.test(url))
    throw new Error(`Loopback only: ${url}`);
  if (warmUp) await measure(url, Math.ceil(amount * WARM_UP_SHARE), connections, paths);
  return { name, url, ...(await measure(url, amount, connections, paths)) };
}

async function measure(
  url: string,
  amount: number,
  connections: number,
  paths?: () => string,
): Promise<Omit<LoadResult, "name" | "url">> {
  // autocannon reports its result on its next one-second tick, so its `duration` is rounded up to
  // whole seconds (2,000 requests in 4.1 s would count as 5 s, −18 %). The clock here stops at the
  // last response instead.
  const start = performance.now();
  let lastResponse = start;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const requests = paths && [
      { setupRequest: (request: object) => ({ ...request, path: paths() }) },
    ];
    const instance = autocannon(
      { url, amount, connections, timeout: 20, ...(requests ? { requests } : {}) },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", () => {
      lastResponse = performance.now();
    });
  });
  const completed = result.requests.total;
  const seconds = Math.max(lastResponse - start, 1) / 1000;
  return {
    requests: completed,
    rps: Math.round(completed / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: completed ? Math.round(result.throughput.total / completed) : 0,
  };
}
