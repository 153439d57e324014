// What a long measuring run (`npm run bench`) leaves behind when it is stopped half-way by SIGTERM,
// SIGINT or SIGHUP (a time limit, Ctrl-C, a closed terminal): nothing. Every process it starts,
// however it is started (servers in process groups of their own, `next build`, the Chromium that
// chrome-launcher detaches into yet another group for Lighthouse, Playwright's Chromium),
// inherits one marker; on the signal every live process carrying it is killed, the run's temporary
// folders are removed, and the run exits as the signal would have ended it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  killGroup,
  processesMarked,
  SPAWNED_MARKER,
  type ProcessInfo,
} from "../test/helpers/processes.ts";

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/** A synchronous pause: a signal handler must not let the run go on to its next step. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function statOf(pid: number): { ppid: number; pgid: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return null;
  }
}

/**
 * Marks this process's environment so everything it starts from now on carries `marker`
 * (PORTFOLIO_BENCH_RUN when set, so a caller can look for it, else one of its own), gives the run a
 * temporary folder of its own as TMPDIR (Lighthouse's reports and Chrome profiles, the ceiling
 * apps), and installs the signal handlers. Call before starting anything. Returns the marker and
 * the temporary folder.
 */
export function stopCleanlyOnSignal(dirs: () => string[]): { marker: string; tmp: string } {
  const marker = process.env.PORTFOLIO_BENCH_RUN || `bench-${process.pid}-${Date.now()}`;
  // The value test/helpers/processes.ts gives the processes it spawns, and the variable itself in
  // this process's environment, so children started any other way inherit it too.
  process.env.PORTFOLIO_TEST_SESSION = marker;
  process.env[SPAWNED_MARKER] = marker;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-bench-"));
  process.env.TMPDIR = tmp;
  let stopping = false;
  for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`[bench] ${signal}: stopping everything the run started`);
      const left = killMarked(marker);
      if (left.length > 0) console.error(`[bench] still running after 10 s: ${describe(left)}`);
      for (const dir of [...dirs(), tmp])
        fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      process.exit(128 + SIGNALS[signal]);
    });
  }
  process.once("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));
  return { marker, tmp };
}

const describe = (list: ProcessInfo[]) =>
  list.map((p) => `pid ${p.pid} (group ${p.pgid}): ${p.command}`).join("; ");

/**
 * SIGKILLs every live process carrying `marker` (and its process group, unless that is the group
 * of this process or one of its ancestors: a `timeout` or npm running the bench), apart from this
 * process and its ancestors; waits up to 10 s for them to go. Returns those still alive.
 */
export function killMarked(marker: string): ProcessInfo[] {
  const ancestors = new Set<number>();
  const ancestorGroups = new Set<number>();
  for (let pid = process.pid; pid > 1;) {
    const stat = statOf(pid);
    if (!stat) break;
    ancestors.add(pid);
    ancestorGroups.add(stat.pgid);
    pid = stat.ppid;
  }
  const alive = () =>
    processesMarked(SPAWNED_MARKER, marker).filter(({ pid }) => !ancestors.has(pid));
  const deadline = Date.now() + 10_000;
  let left = alive();
  while (left.length > 0 && Date.now() < deadline) {
    for (const { pid, pgid } of left) {
      if (!ancestorGroups.has(pgid)) killGroup(pgid, "SIGKILL");
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    pause(100);
    left = alive();
  }
  return left;
}

/**
 * Runs a command to its end without blocking this process (a signal to the run is handled at once,
 * not after a minutes-long `next build`); rejects when it fails.
 */
export function runToEnd(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} ended with ${signal ?? `code ${code}`}`)),
    );
  });
}

/**
 * The end-of-run check: every process the run started carrying `marker` has gone within 10 s
 * (servers stopped, browsers closed). Kills and lists any that has not; false then.
 */
export function nothingLeftRunning(marker: string): boolean {
  const deadline = Date.now() + 10_000;
  let left = processesMarked(SPAWNED_MARKER, marker).filter(({ pid }) => pid !== process.pid);
  while (left.length > 0 && Date.now() < deadline) {
    pause(250);
    left = processesMarked(SPAWNED_MARKER, marker).filter(({ pid }) => pid !== process.pid);
  }
  if (left.length === 0) return true;
  console.error(
    `[bench] ${left.length} process(es) the run started were still running (now killed): ${describe(left)}`,
  );
  killMarked(marker);
  return false;
}
