import "server-only";
import { and, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import { projects, type ProjectRow } from "@/models";

/*
 * Who sees what of a project, by its status (docs/spec.md §11). The one place of the rule: lists,
 * counts, search, sitemap, Previous/Next, the REST API, the project pages and /media all ask here.
 *
 * - published: listed and open to everyone.
 * - unlisted: open to anyone with the link, never listed.
 * - protected: never listed; open to the owner and to a browser holding that project's access
 *   cookie (the right password); anyone else gets the password form and nothing of the project.
 * - draft: never listed; open to the owner only; anyone else gets a 404.
 *
 * The schedule bounds every status: before `publishAt` and from `unpublishAt` on, a project is a
 * draft to visitors (docs/spec.md §11, "Publishing on a schedule"). Time is the server's clock,
 * the one lib/startup/publish-schedule.ts arms its timer by, so a page rendered when that timer
 * fires sees the change.
 */

type Scheduled = Pick<ProjectRow, "publishAt" | "unpublishAt">;

/** Whether the schedule lets visitors see the project at `now` (no bound: always). */
export function onSchedule(project: Scheduled, now = new Date()): boolean {
  return (
    (!project.publishAt || project.publishAt <= now) &&
    (!project.unpublishAt || project.unpublishAt > now)
  );
}

/** Whose request it is: the signed-in owner, or anyone else (visitors and non-owner accounts). */
export type Audience = "owner" | "visitor";

/** The SQL condition of the projects a visitor finds in lists, counts, search and the sitemap. */
export function listedToVisitor(now = new Date()): SQL {
  return and(
    eq(projects.status, "published"),
    or(isNull(projects.publishAt), lte(projects.publishAt, now)),
    or(isNull(projects.unpublishAt), gt(projects.unpublishAt, now)),
  )!;
}

/** The SQL condition of the projects their schedule hides from visitors at `now`. */
export function offSchedule(now = new Date()): SQL {
  return or(gt(projects.publishAt, now), lte(projects.unpublishAt, now))!;
}

/** What a request may do with a project's page or REST answer. */
export type Visibility = "open" | "locked" | "hidden";

/**
 * Whether a visitor may see a project: "open" (published, unlisted, or protected and opened with
 * its password: `unlocked` holds the ids this browser's access cookie opens), "locked" (protected:
 * the password form, nothing else) or "hidden" (a draft, or off its schedule: answered as not
 * found).
 */
export function visibleToVisitor(
  project: Pick<ProjectRow, "id" | "status"> & Scheduled,
  unlocked: ReadonlySet<string> = new Set(),
): Visibility {
  if (!onSchedule(project)) return "hidden";
  switch (project.status) {
    case "published":
    case "unlisted":
      return "open";
    case "protected":
      return unlocked.has(project.id) ? "open" : "locked";
    default:
      return "hidden";
  }
}

/** The same for any audience: the owner sees every project. */
export function visibilityFor(
  project: Pick<ProjectRow, "id" | "status"> & Scheduled,
  audience: Audience,
  unlocked?: ReadonlySet<string>,
): Visibility {
  return audience === "owner" ? "open" : visibleToVisitor(project, unlocked);
}

/** Whether search engines may index the project's page: only a published project (§11). */
export function isIndexable(project: Pick<ProjectRow, "status"> & Scheduled): boolean {
  return project.status === "published" && onSchedule(project);
}
