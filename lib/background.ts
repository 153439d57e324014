/** The background jobs this process runs: each starts once. */
const started = new Set<string>();

/**
 * Runs `task` every `everyMs` (and at once with `now`) under `name`, once per process: a failure
 * is logged as "<name> failed: <message>" and tried again at the next round. The timer is unref'd,
 * so it never keeps the process alive.
 */
export function runEvery(
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
  { now = false } = {},
): void {
  if (started.has(name)) return;
  started.add(name);
  const run = () =>
    void task().catch((error: unknown) =>
      console.error(`${name} failed: ${(error as Error).message}`),
    );
  if (now) run();
  setInterval(run, everyMs).unref();
}
