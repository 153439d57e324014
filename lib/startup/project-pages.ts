import "server-only";
import { listVisitorPageIds } from "@/lib/data/projects";

const PROJECT_PAGE_IDS = Symbol.for("portfolio.projectPageIds");

/**
 * Tells cache-handler.mjs how to read the ids of the project pages a visitor can open: it answers
 * every other `/sections/{id}` with one kept 404 page instead of rendering it again.
 */
export function registerProjectPageIds(): void {
  (globalThis as typeof globalThis & { [PROJECT_PAGE_IDS]?: () => Promise<string[]> })[
    PROJECT_PAGE_IDS
  ] = listVisitorPageIds;
}
