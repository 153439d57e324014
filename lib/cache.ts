import "server-only";
import { revalidateTag } from "next/cache";

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

/** After a change to one project's page: its fields or its sections. */
export function invalidateProject(id: string): void {
  revalidateTag(TAGS.project(id), NOW);
}

/** After a change that lists and counts show: a project created, edited or deleted. */
export function invalidateProjects(): void {
  revalidateTag(TAGS.projects, NOW);
}

export function invalidateSettings(): void {
  revalidateTag(TAGS.settings, NOW);
}
