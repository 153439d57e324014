import "server-only";
import { revalidateTag } from "next/cache";
import { notifyInstances } from "@/lib/db/notify";

/**
 * Cache tags of public pages (read by lib/site/queries.ts): `projects` for lists and counts, `project:<id>` for a
 * project page and its sections, `settings` for site settings. Writes expire them at once
 * (`expire: 0`) because the owner expects to see a change on the next visit, not a stale page.
 */
export const TAGS = {
  projects: "projects",
  project: (id: string) => `project:${id}`,
  settings: "settings",
} as const;

const NOW = { expire: 0 };

/**
 * Registered at start-up by lib/startup/publish-schedule.ts (a layer above, hence globalThis): a
 * change to the projects may move the next publishing time its timer waits for.
 */
const SCHEDULE_CHANGED = Symbol.for("portfolio.scheduleChanged");
function scheduleMayHaveChanged(): void {
  (globalThis as typeof globalThis & { [SCHEDULE_CHANGED]?: () => void })[SCHEDULE_CHANGED]?.();
}

/**
 * Expires the tags here and, with DATABASE_URL, on every other server of the database
 * (lib/db/notify.ts, received by lib/startup/instance-sync.ts) before the write's response goes
 * out, so the next request through any server renders again. A failed message does not fail the
 * write, which is committed: it is logged, and the others catch up on their next reconnect.
 */
async function expire(tags: string[]): Promise<void> {
  for (const tag of tags) revalidateTag(tag, NOW);
  if (tags.includes(TAGS.projects)) scheduleMayHaveChanged();
  try {
    await notifyInstances({ tags });
  } catch (error) {
    console.error(`Could not tell the other servers to expire ${tags.join(", ")}:`, error);
  }
}

/** After a change to one project's page: its fields or its sections. */
export function invalidateProject(id: string): Promise<void> {
  return expire([TAGS.project(id)]);
}

/** After a change that lists and counts show: a project created, edited or deleted. */
export function invalidateProjects(): Promise<void> {
  return expire([TAGS.projects]);
}

/** After a change to one project that lists show too: both of the above, in one message. */
export function invalidateProjectAndLists(id: string): Promise<void> {
  return expire([TAGS.project(id), TAGS.projects]);
}

export function invalidateSettings(): Promise<void> {
  return expire([TAGS.settings]);
}
