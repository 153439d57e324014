import "server-only";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./index";

/**
 * The row of `table` whose `key` column equals `value`, locked until the transaction ends
 * (`SELECT … FOR UPDATE`): a concurrent writer of the same row waits for this transaction.
 * Undefined when there is no such row.
 */
export async function lockRow<T extends PgTable>(
  tx: Tx,
  table: T,
  key: PgColumn,
  value: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(key, value))
    .for("update")
    .limit(1);
  return row as T["$inferSelect"] | undefined;
}
