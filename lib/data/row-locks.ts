import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/lib/db";
import { lockRow } from "@/lib/db/rows";
import { projects } from "@/models";
import { projectNotTrashed } from "./not-trashed";

/** A table whose rows carry an `updated_at` the update sets. */
type Lockable = PgTable & { updatedAt: PgColumn };

/**
 * Updates one row with a patch computed from the row as it is inside the transaction, locked
 * (`SELECT … FOR UPDATE`): concurrent writers wait for each other, so each one's "before" is the
 * other's committed "after" and neither loses the other's change (an image appended, a portrait
 * replaced). `compute` may throw to abort without writing. Returns the row before and after, or
 * null when there is no row with that key. `create`, when given, is inserted first if the row does
 * not exist yet (in the same transaction, so an aborted update leaves no row behind either).
 */
export async function updateLocked<T extends Lockable>(
  table: T,
  key: PgColumn,
  value: string,
  compute: (before: T["$inferSelect"]) => Partial<T["$inferInsert"]>,
  create?: T["$inferInsert"],
): Promise<{ before: T["$inferSelect"]; after: T["$inferSelect"] } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (create) await tx.insert(table).values(create).onConflictDoNothing();
    const before = await lockRow(tx, table, key, value);
    if (!before) return null;
    const [after] = (await tx
      .update(table)
      .set({ ...compute(before), updatedAt: sql`now()` } as never)
      .where(eq(key, value))
      .returning()) as T["$inferSelect"][];
    return after ? { before, after } : null;
  });
}

/**
 * Locks a project that is not in the trash for the rest of the transaction; false when there is no
 * such project. Writes of a project's sections (create, reorder) take it first, so they wait for
 * each other and a concurrent delete of the project cannot orphan them.
 */
export async function lockLiveProject(tx: Tx, projectId: string): Promise<boolean> {
  const [parent] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), projectNotTrashed))
    .for("update");
  return parent !== undefined;
}
