import fs from "node:fs";

export type RssSample = { seconds: number; rssMb: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

export function latencyStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: values.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

export function children(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" "))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of a process and its children (`next start` may run the server in a child). */
export function treeRssMb(pid: number): number {
  let kb = 0;
  for (const id of [pid, ...children(pid).flatMap((child) => [child, ...children(child)])]) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Exited between listing and reading.
    }
  }
  return Math.round(kb / 102.4) / 10;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Growth between the second window (minute 1 of a 5-minute run: after start-up and the first
 * caches settled) and the last window, each the mean of its samples. The window is a minute, or a
 * third of a shorter run, so a 60 s run compares seconds 20–40 with 40–60.
 */
export function rssGrowth(samples: RssSample[], durationSeconds: number) {
  const window = Math.min(60, durationSeconds / 3);
  const first = samples.filter((s) => s.seconds >= window && s.seconds < 2 * window);
  const last = samples.filter((s) => s.seconds >= durationSeconds - window);
  const firstMb = Math.round(mean(first.map((s) => s.rssMb)) * 10) / 10;
  const lastMb = Math.round(mean(last.map((s) => s.rssMb)) * 10) / 10;
  return {
    method: `mean RSS of ${first.length} samples in ${window}–${2 * window} s vs ${last.length} samples in the last ${window} s`,
    firstWindowMb: firstMb,
    lastWindowMb: lastMb,
    growthPercent: Math.round(((lastMb - firstMb) / firstMb) * 1000) / 10,
  };
}
