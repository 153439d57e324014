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
};

export async function load(
  name: string,
  url: string,
  amount: number,
  connections = 50,
): Promise<LoadResult> {
  if (!/^http:\/\/(localhost|127\.\d+\.\d+\.\d+)(:\d+)?\//.test(url))
    throw new Error(`Loopback only: ${url}`);
  const result = await autocannon({ url, amount, connections, timeout: 20 });
  const completed = result.requests.total;
  return {
    name,
    url,
    requests: completed,
    // Mean over the run's one-second samples would drop the partial last second; total / duration is exact.
    rps: Math.round(completed / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: completed ? Math.round(result.throughput.total / completed) : 0,
  };
}
