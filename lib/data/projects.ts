import "server-only";
import { and, asc, count, eq, gt, max, or, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import type { Category, ProjectStatus } from "@/lib/domain";
import { projects, sections, type ProjectRow, type SectionRow } from "@/models";
import { isId, newId } from "./ids";
import { updateLocked } from "./row-locks";
import { PROJECT_ORDER_LOCK } from "./order";
import { projectNotTrashed } from "./not-trashed";
import { checkVersion, NotLive } from "./versions";
import { listedToVisitor, visibleToVisitor, type Audience } from "./visibility";

export type { Audience };

export type Project = ProjectRow;

export type ProjectInput = {
  title: string;
  role: string;
  category: Category;
  coverUrl: string;
  coverKey: string | null;
  /** The cover loop: null clears it, undefined leaves it (on update). */
  coverVideoUrl?: string | null;
  coverVideoKey?: string | null;
  /** The cover loop's encoding and in and out points (docs/media.md "Cover loops"). */
  coverVideoStatus?: ProjectRow["coverVideoStatus"];
  coverVideoError?: string | null;
  coverVideoRenditions?: ProjectRow["coverVideoRenditions"];
  coverVideoMeta?: ProjectRow["coverVideoMeta"];
  coverTrimStart?: number | null;
  coverTrimEnd?: number | null;
  /** The cover's blur-up placeholder; null for an external URL, undefined keeps it. */
  coverPlaceholder?: string | null;
  /** Optional details: null clears, undefined leaves the stored value (on update). */
  year?: number | null;
  client?: string | null;
  summary?: string | null;
  /** The cover's focal point, 0–1; the columns' default (0.5) when left out. */
  coverFocalX?: number;
  coverFocalY?: number;
  /** docs/spec.md §11: "published" when absent on create; kept when absent on update. */
  status?: ProjectStatus;
  /** bcrypt hash of a protected project's password; null clears it. */
  passwordHash?: string | null;
  /** The schedule (docs/spec.md §11): null clears a bound, undefined keeps it (on update). */
  publishAt?: Date | null;
  unpublishAt?: Date | null;
  userId: string;
};

export type ProjectPatch = Partial<Omit<ProjectInput, "userId">>;

/**
 * List order: creation order (the original API's list) until the owner reorders, then the owner's
 * order (lib/data/order.ts); a new project is appended, so the gallery, which shows the list
 * reversed, still puts new work first (docs/spec.md §2).
 */
const listOrder = [asc(projects.position), asc(projects.createdAt), asc(projects.id)];

/** The rows an audience may find in lists: the owner every project, anyone else the listed ones. */
const listedTo = (audience: Audience): SQL | undefined =>
  audience === "owner" ? undefined : listedToVisitor();

/** Projects in list order; a visitor's list holds only what docs/spec.md §11 lists. */
export async function listProjects(audience: Audience = "visitor"): Promise<Project[]> {
  const db = await getDb();
  return db
    .select()
    .from(projects)
    .where(and(projectNotTrashed, listedTo(audience)))
    .orderBy(...listOrder);
}

/** Projects of one category in list order; "all" lists every project the audience may find. */
export async function listProjectsByCategory(
  category: Category | "all",
  audience: Audience = "visitor",
): Promise<Project[]> {
  if (category === "all") return listProjects(audience);
  const db = await getDb();
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.category, category), projectNotTrashed, listedTo(audience)))
    .orderBy(...listOrder);
}

/** Project counts per category in the `{_id, count}` shape of a MongoDB `$group`. */
export async function countProjectsByCategory(
  audience: Audience = "visitor",
): Promise<{ _id: Category; count: number }[]> {
  const db = await getDb();
  const rows = await db
    .select({ _id: projects.category, count: count() })
    .from(projects)
    .where(and(projectNotTrashed, listedTo(audience)))
    .groupBy(projects.category)
    .orderBy(asc(projects.category));
  return rows.map((row) => ({ _id: row._id, count: Number(row.count) }));
}

export async function getProject(id: string): Promise<Project | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), projectNotTrashed));
  return row ?? null;
}

/**
 * Ids of the projects whose page a visitor can open now (published, unlisted, protected, on their
 * schedule): every other id's cached page is the same 404 (cache-handler.mjs serves it without
 * rendering; it reads these again whenever a tag expires, the schedule's timer's included).
 */
export async function listVisitorPageIds(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: projects.id,
      status: projects.status,
      publishAt: projects.publishAt,
      unpublishAt: projects.unpublishAt,
    })
    .from(projects)
    .where(projectNotTrashed);
  return rows.filter((row) => visibleToVisitor(row) !== "hidden").map((row) => row.id);
}

export async function createProject(input: ProjectInput, id = newId()): Promise<Project> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Serialised with reorders (lib/data/order.ts), so the new position is above every other.
    await tx.execute(PROJECT_ORDER_LOCK);
    const [last] = await tx.select({ value: max(projects.position) }).from(projects);
    const position = (last?.value ?? -1) + 1;
    const [row] = await tx
      .insert(projects)
      .values({ ...input, id, position })
      .returning();
    if (!row) throw new Error("Insert returned no project");
    return row;
  });
}

/**
 * Updates a project that is not in the trash; returns the row before and after, or null when there
 * is no such project. With `version` (the one the edit started from) a row changed since throws
 * StaleVersionError and nothing is written. Every update increments the version.
 */
export async function updateProject(
  id: string,
  patch: ProjectPatch,
  version?: number,
): Promise<{ before: Project; after: Project } | null> {
  if (!isId(id)) return null;
  try {
    return await updateLocked(projects, projects.id, id, (before) => ({
      ...patch,
      version: checkVersion(before, version),
    }));
  } catch (error) {
    if (error instanceof NotLive) return null;
    throw error;
  }
}

/**
 * Deletes a project (in the trash or not) and its sections for good, in one transaction; returns
 * what was deleted, or null. Their media files are the caller's to remove.
 */
export async function deleteProject(
  id: string,
): Promise<{ project: Project; sections: SectionRow[] } | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const owned = await tx.select().from(sections).where(eq(sections.projectId, id));
    const [project] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (!project) return null;
    return { project, sections: owned };
  });
}

/** A project's schedule bounds, as lib/startup/publish-schedule.ts arms its timer by. */
export type ScheduleBounds = Pick<Project, "id" | "publishAt" | "unpublishAt">;

/** The live projects with a schedule bound later than `after`. */
export async function listScheduleBoundsAfter(after: Date): Promise<ScheduleBounds[]> {
  const db = await getDb();
  return db
    .select({ id: projects.id, publishAt: projects.publishAt, unpublishAt: projects.unpublishAt })
    .from(projects)
    .where(
      and(projectNotTrashed, or(gt(projects.publishAt, after), gt(projects.unpublishAt, after))),
    );
}

/**
 * The projects before and after this one in a visitor's list order, for Previous/Next links: only
 * listed projects are linked, and a project outside the list (unlisted, protected, draft) has none.
 */
export async function getAdjacentProjects(
  id: string,
): Promise<{ previous: Project | null; next: Project | null }> {
  const all = await listProjects("visitor");
  const index = all.findIndex((project) => project.id === id);
  if (index === -1) return { previous: null, next: null };
  return { previous: all[index - 1] ?? null, next: all[index + 1] ?? null };
}
