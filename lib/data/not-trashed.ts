import "server-only";
import { isNull } from "drizzle-orm";
import { projects, sections } from "@/models";

/**
 * The one "not in the trash" filter (docs/spec.md §10): every read that lists, counts,
 * shows or edits projects and sections goes through these, so a trashed row is gone from public
 * pages, lists, counts, the sitemap and the REST lists at once. Only lib/data/trash.ts reads
 * trashed rows. A section of a trashed project is hidden with it (getSection joins its project).
 */
export const projectNotTrashed = isNull(projects.deletedAt);
export const sectionNotTrashed = isNull(sections.deletedAt);
