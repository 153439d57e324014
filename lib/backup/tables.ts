import "server-only";
import { SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/models";

/**
 * Tables of one installation's running state, not of the site: the JWT signing keys (like
 * DATA_DIR/auth on PGlite, never in an archive: a backup is not a place for a private key, and a
 * restored site signs with its own) and the auth rate-limit counters and sign-in back-offs. Neither is dumped, and a
 * database whose servers already made a key still counts as empty for a restore. The day's salt
 * and visitor hashes of the view counts are left out too: they live one day and a backup must not
 * keep them (docs/security.md, "Insights"); the counts themselves are in the archive.
 */
export const INSTANCE_STATE_TABLES: ReadonlySet<string> = new Set([
  "auth_signing_keys",
  "auth_rate_limits",
  "auth_account_throttles",
  "view_salts",
  "view_visitors",
]);

/** Every table of the site, parents before children (foreign-key order), for dump and restore. */
export function tablesInDependencyOrder(): string[] {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable =>
      value instanceof PgTable && !INSTANCE_STATE_TABLES.has(getTableConfig(value).name),
  );
  const parents = new Map<string, Set<string>>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const refs = config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
    parents.set(config.name, new Set(refs.filter((name) => name !== config.name)));
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name)) return;
    if (path.has(name)) throw new Error(`Foreign-key cycle through ${name}`);
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of [...parents.keys()].sort()) visit(name, new Set());
  return ordered;
}

/**
 * Rows of an older backup lack the columns added since: json_populate_recordset would make them
 * null, which a NOT NULL column refuses. Each missing column with a plain default (e.g. migration
 * 0005's layout and cover focal point) gets that default, as the migration gave existing rows.
 */
export function withColumnDefaults(name: string, rows: unknown[]): unknown[] {
  const table = (Object.values(schema) as unknown[]).find(
    (value): value is PgTable => value instanceof PgTable && getTableConfig(value).name === name,
  );
  if (!table) return rows;
  const defaults = getTableConfig(table).columns.filter(
    (column) =>
      column.hasDefault && column.default !== undefined && !(column.default instanceof SQL),
  );
  return rows.map((row) => {
    if (typeof row !== "object" || row === null) return row;
    const missing = defaults.filter((column) => !(column.name in row));
    if (missing.length === 0) return row;
    return {
      ...row,
      ...Object.fromEntries(missing.map((column) => [column.name, column.default])),
    };
  });
}
