import "server-only";
import { eq, type SQL } from "drizzle-orm";
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
 */

/** Whose request it is: the signed-in owner, or anyone else (visitors and non-owner accounts). */
export type Audience = "owner" | "visitor";

/** The SQL condition of the projects a visitor finds in lists, counts, search and the sitemap. */
export function listedToVisitor(): SQL {
  return eq(projects.status, "published");
}

/** What a request may do with a project's page or REST answer. */
export type Visibility = "open" | "locked" | "hidden";

/**
 * Whether a visitor may see a project: "open" (published, unlisted, or protected and opened with
 * its password: `unlocked` holds the ids this browser's access cookie opens), "locked" (protected:
 * the password form, nothing else) or "hidden" (a draft: answered as not found).
 */
export function visibleToVisitor(
  project: Pick<ProjectRow, "id" | "status">,
  unlocked: ReadonlySet<string> = new Set(),
): Visibility {
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
  project: Pick<ProjectRow, "id" | "status">,
  audience: Audience,
  unlocked?: ReadonlySet<string>,
): Visibility {
  return audience === "owner" ? "open" : visibleToVisitor(project, unlocked);
}

/** Whether search engines may index the project's page: only a published project (§11). */
export function isIndexable(project: Pick<ProjectRow, "status">): boolean {
  return project.status === "published";
}
