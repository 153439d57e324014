import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";

/**
 * Everything a request could have changed on disk: every row of every table (public schema,
 * auth tables included) and every file under DATA_DIR/uploads and DATA_DIR/tmp with its SHA-256.
 * Two captures compare with `expect(after).toEqual(before)` for a byte-for-byte "nothing written".
 */
export type SiteState = {
  tables: Record<string, string[]>;
  files: Record<string, string>;
};

const tablesQuery = `select table_name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

async function readTables(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  const { rows } = await query(tablesQuery);
  for (const { table_name: name } of rows as { table_name: string }[]) {
    // Rows as canonical JSON text, sorted, so the comparison does not depend on physical order.
    const result = await query(`select to_jsonb(t)::text as row from "${name}" t`);
    tables[name] = (result.rows as { row: string }[]).map((r) => r.row).sort();
  }
  return tables;
}

function hashFiles(root: string, dir: string, into: Record<string, string>): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashFiles(root, full, into);
    else
      into[path.relative(root, full)] = createHash("sha256")
        .update(fs.readFileSync(full))
        .digest("hex");
  }
}

/**
 * Reads the site's state. With PGlite the server using `dataDir` must be stopped first (PGlite is
 * single-process); with `databaseUrl` it can be read while the server runs.
 */
export async function captureSiteState(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<SiteState> {
  let tables: Record<string, string[]>;
  if (options.databaseUrl) {
    const client = new Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      tables = await readTables((sql) => client.query(sql));
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create(path.join(options.dataDir, "pg"));
    try {
      tables = await readTables((sql) => db.query(sql));
    } finally {
      await db.close();
    }
  }
  const files: Record<string, string> = {};
  for (const folder of ["uploads", "tmp"])
    hashFiles(options.dataDir, path.join(options.dataDir, folder), files);
  return { tables, files };
}
