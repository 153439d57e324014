import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import fs from "node:fs";

/**
 * Every process a test starts carries this variable (the value names the Vitest run, set by
 * test/helpers/global-setup.ts), so a check can find what is still alive afterwards, however it was
 * started (a `next start` and its `next-server` child, pg_ctl's postgres, a CLI tool).
 */
export const SPAWNED_MARKER = "PORTFOLIO_TEST_SPAWNED";
/** Set by scripts/test.sh for the whole `npm test` run: everything it starts inherits it. */
export const RUN_MARKER = "PORTFOLIO_TEST_RUN";

/** The value this process gives its children: the Vitest run's, else one of its own. */
export function spawnMarker(): string {
  process.env.PORTFOLIO_TEST_SESSION ??= `pid-${process.pid}-${Date.now()}`;
  return process.env.PORTFOLIO_TEST_SESSION;
}

/** The environment for a child process: the given one plus the marker. */
export function markedEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, [SPAWNED_MARKER]: spawnMarker() };
}

const liveGroups = new Set<number>();

/** Sends a signal to a whole process group; false when the group is gone. */
export function killGroup(pid: number, signal: NodeJS.Signals = "SIGTERM"): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group is still alive (zombies of an exited leader count as gone). */
export function groupAlive(pid: number): boolean {
  return processesMatching((info) => info.pgid === pid).length > 0;
}

// A test process that ends (normally, on an uncaught error, or by a signal) takes its groups with
// it. A SIGKILLed worker cannot run this; the global teardown's check catches those.
function killAllGroups() {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
}
process.once("exit", killAllGroups);
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.once(signal, () => {
    killAllGroups();
    // Without other listeners, end the way the signal would have ended this process.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/**
 * Stops every process group this test process started and has not stopped yet. Run after each
 * test file (test/helpers/setup-processes.ts), whether its tests passed, failed or timed out.
 */
export async function stopAllGroups(): Promise<number[]> {
  const left = [...liveGroups];
  await Promise.all(left.map((pid) => stopGroup(pid, "SIGTERM")));
  return left;
}

/**
 * Spawns a command in a process group of its own, marked, so the test can end it with everything
 * it started (`next start` runs the server in a child process that a plain kill leaves running).
 * The group is killed when the test process exits, whatever happened to the test.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess & { pid: number } {
  const child = spawn(command, args, { ...options, env: markedEnv(options.env), detached: true });
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  const pid = child.pid;
  liveGroups.add(pid);
  child.once("exit", () => {
    // The leader is gone; its children may not be. Keep the group on the list until they are.
    if (!groupAlive(pid)) liveGroups.delete(pid);
  });
  return child as ChildProcess & { pid: number };
}

/**
 * Ends a process group: `signal` first, SIGKILL after `graceMs`; resolves once no process of the
 * group is left.
 */
export async function stopGroup(
  pid: number,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 10_000,
): Promise<void> {
  killGroup(pid, signal);
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) killGroup(pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  liveGroups.delete(pid);
}

export type ProcessInfo = { pid: number; pgid: number; ppid: number; command: string };

type ProcessEntry = ProcessInfo & { state: string; environ: () => string[] };

function readInfo(pid: number): ProcessEntry | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const read = (name: string) => fs.readFileSync(`/proc/${pid}/${name}`, "utf8").split("\0");
    return {
      pid,
      state: fields[0]!,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      get command() {
        try {
          return read("cmdline").join(" ").trim();
        } catch {
          return "";
        }
      },
      environ: () => {
        try {
          return read("environ");
        } catch {
          return []; // Exited, or another user's process (not readable, so not this run's).
        }
      },
    };
  } catch {
    return null; // Exited while being read.
  }
}

/** Live (not zombie) processes for which `test` holds. */
export function processesMatching(test: (info: ProcessEntry) => boolean): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readInfo(Number(entry));
    if (!info || info.state === "Z" || info.state === "X" || !test(info)) continue;
    found.push({ pid: info.pid, pgid: info.pgid, ppid: info.ppid, command: info.command });
  }
  return found;
}

/** Live processes whose environment holds `name=value`. */
export function processesMarked(name: string, value: string): ProcessInfo[] {
  const entry = `${name}=${value}`;
  return processesMatching((info) => info.environ().includes(entry));
}
