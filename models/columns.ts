import { sql } from "drizzle-orm";
import { index, integer, timestamp, type PgColumn } from "drizzle-orm/pg-core";

/**
 * The columns every row the owner orders and edits ends with (projects and sections): its place
 * in its list, when it was made and last changed, the trash and its version. A fresh
 * set of column builders for each table.
 */
export function orderedEditableColumns() {
  return {
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was moved to the trash; null while live. Purged 30 days later. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Incremented by every write; an edit that started from another version is refused (409). */
    version: integer("version").notNull().default(1),
  };
}

/** The partial index that finds a table's rows in the trash (the purge and the Trash page). */
export function trashIndex(name: string, deletedAt: PgColumn) {
  return index(name)
    .on(deletedAt)
    .where(sql`${deletedAt} is not null`);
}

/** The values of a domain list (lib/domain.ts) as the SQL list of a CHECK constraint. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
}
