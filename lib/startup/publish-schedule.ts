import "server-only";
import { TAGS } from "@/lib/cache";
import { listScheduleBoundsAfter, type ScheduleBounds } from "@/lib/data/projects";
import { expireTagsHere, onProjectsChangedElsewhere } from "./instance-sync";

/*
 * Publishing on a schedule (docs/spec.md §11): a project's `publishAt` and `unpublishAt` change
 * what visitors see with no request or write at that moment. Each server keeps one timer, armed
 * for the next bound of any live project; when it fires, the server expires the lists' tag and
 * the projects' own tags in its page cache, so the next request renders the pages again with the
 * bound passed. Every server of a PostgreSQL database runs its own timer from the same rows, so no
 * message is sent. The timer is armed at start-up and again after every change to the projects,
 * here (lib/cache.ts calls the hook registered below) or on another server (its message,
 * lib/startup/instance-sync.ts). docs/architecture.md ("Caching") says why a timer and not cache
 * lifetimes.
 */

/** setTimeout waits at most about 24.8 days; a later bound is looked at again after a day. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;
/** After a failed read of the schedule (the database down), the next try. */
const RETRY_MS = 30_000;
/**
 * A page rendered from rows read just before a bound and stored just after the timer fired would
 * outlive it: the tags are expired again this much later (as instance-sync.ts does).
 */
const SECOND_PASS_MS = 1000;

const SCHEDULE_CHANGED = Symbol.for("portfolio.scheduleChanged");

type State = { handledUntil: Date | null; timer: NodeJS.Timeout | null; running: Promise<void> };
const state: State = { handledUntil: null, timer: null, running: Promise.resolve() };

const boundsOf = (row: ScheduleBounds) =>
  [row.publishAt, row.unpublishAt].filter((at): at is Date => at !== null);

function arm(delayMs: number): void {
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void rearmPublishSchedule(), Math.max(0, delayMs));
  state.timer.unref();
}

/**
 * Expires the pages of every bound passed since the last look, then arms the timer for the next
 * bound. The first look (at start-up) has nothing to expire: the page cache is empty.
 */
async function look(): Promise<void> {
  const now = new Date();
  const since = state.handledUntil ?? now;
  let rows: ScheduleBounds[];
  try {
    rows = await listScheduleBoundsAfter(since);
  } catch (error) {
    console.error(`Could not read the publishing schedule: ${(error as Error).message}`);
    arm(RETRY_MS);
    return;
  }
  state.handledUntil = now;
  const due = rows.filter((row) => boundsOf(row).some((at) => at > since && at <= now));
  if (due.length > 0) {
    const tags = [TAGS.projects, ...due.map((row) => TAGS.project(row.id))];
    const expire = () =>
      expireTagsHere(tags).catch((error: Error) =>
        console.error(`Could not expire the pages of a publishing time: ${error.message}`),
      );
    await expire();
    setTimeout(() => void expire(), SECOND_PASS_MS).unref();
  }
  const next = Math.min(
    ...rows
      .flatMap(boundsOf)
      .map((at) => at.getTime())
      .filter((at) => at > now.getTime()),
  );
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  // A timer that fires early (its clock rounds) finds nothing due and is armed again.
  if (Number.isFinite(next)) arm(Math.min(next - Date.now(), MAX_WAIT_MS));
}

/** Looks at the schedule again (after a change to the projects); one look at a time. */
export function rearmPublishSchedule(): Promise<void> {
  state.running = state.running.then(look, look);
  return state.running;
}

/**
 * At start-up: the first look, then another after every change to the projects: this server's
 * (the hook lib/cache.ts calls) and the other servers' (their messages).
 */
export async function startPublishSchedule(): Promise<void> {
  const changed = () => void rearmPublishSchedule();
  (globalThis as typeof globalThis & { [SCHEDULE_CHANGED]?: () => void })[SCHEDULE_CHANGED] =
    changed;
  onProjectsChangedElsewhere(changed);
  await rearmPublishSchedule();
}
