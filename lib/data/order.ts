import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { projects, sections } from "@/models";
import { orderMismatch } from "@/lib/validation/order";
import { isId } from "./ids";
import { lockLiveProject } from "./row-locks";
import { projectNotTrashed, sectionNotTrashed } from "./not-trashed";

/**
 * The owner's order of projects and of a project's sections. `position` is the
 * list order (lowest first): the REST lists, Previous/Next, search and the category views follow
 * it, and the gallery shows it reversed (docs/spec.md §2, newest first until the owner reorders).
 */

/**
 * Held by every write that assigns project positions (create and reorder), for its transaction:
 * two reorders, or a reorder and a create, run one after the other, so positions never collide.
 */
export const PROJECT_ORDER_LOCK = sql`select pg_advisory_xact_lock(hashtext('portfolio:projects:order'))`;

export type OrderResult =
  { ok: true } | { ok: false; problem: "not_found" | "mismatch"; message?: string };

/**
 * Sets every project's position to its index in `ids`, which must name each project exactly once
 * (checked inside the transaction, against the rows as they are once the lock is held). Projects
 * of every status count; those in the trash do not (they keep their position, and a restored one
 * comes back there, ties broken by creation time). Nothing changes when the list is refused.
 */
export async function reorderProjects(ids: readonly string[]): Promise<OrderResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(PROJECT_ORDER_LOCK);
    return applyOrder(tx, "projects", projectNotTrashed, ids);
  });
}

/**
 * Sets the positions of one project's sections to their index in `ids` (every section of that
 * project, once). The parent row is locked as createSection locks it, so a reorder and a new
 * section, or two reorders, of one project wait for each other.
 */
export async function reorderSections(
  projectId: string,
  ids: readonly string[],
): Promise<OrderResult> {
  if (!isId(projectId)) return { ok: false, problem: "not_found" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockLiveProject(tx, projectId))) return { ok: false, problem: "not_found" };
    const ofProject = and(eq(sections.projectId, projectId), sectionNotTrashed);
    return applyOrder(tx, "sections", ofProject, ids);
  });
}

/**
 * Checks `ids` against the rows `where` selects (locked, as they are once the caller's lock is
 * held), then writes the order in one UPDATE: position = index in `ids` (0, 1, 2, …: no gaps, no
 * duplicates). `updated_at` is left alone: the order is not an edit of the project or section.
 */
async function applyOrder(
  tx: Tx,
  table: "projects" | "sections",
  where: SQL | undefined,
  ids: readonly string[],
): Promise<OrderResult> {
  const target = table === "projects" ? projects : sections;
  const current = await tx
    .select({ id: target.id })
    .from(target)
    .where(where)
    .orderBy(asc(target.id))
    .for("update");
  const kind = table === "projects" ? "project" : "section";
  const message = orderMismatch(
    ids,
    current.map((row) => row.id),
    kind,
  );
  if (message) return { ok: false, problem: "mismatch", message };
  if (ids.length === 0) return { ok: true };
  await tx
    .update(target)
    .set({
      position: sql`(array_position(${sql.param([...ids])}::text[], ${target.id}::text) - 1)`,
    })
    .where(sql`${target.id} = any(${sql.param([...ids])}::text[])`);
  return { ok: true };
}
