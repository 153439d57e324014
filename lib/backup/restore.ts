import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { getDb, rowsOf, type Tx } from "@/lib/db";
import { uploadsDir } from "@/lib/storage/local";
import { BACKUP_FORMAT, type BackupManifest } from "./backup";
import { tablesInDependencyOrder, withColumnDefaults } from "./tables";

type Executor = Pick<Tx, "execute">;

/** Moves every serial sequence past the largest restored id, so new rows don't collide. */
async function resetSerialSequences(tx: Executor) {
  const serials = await tx.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_default like 'nextval(%'`);
  for (const { table_name, column_name } of rowsOf<{ table_name: string; column_name: string }>(
    serials,
  )) {
    const column = sql.identifier(column_name);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table_name}, ${column_name}), coalesce(max(${column}), 1), max(${column}) is not null) from ${sql.identifier(table_name)}`,
    );
  }
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

/**
 * Restores an archive from createBackup into an empty site: all rows in one transaction (nothing is
 * written if any row fails), serial sequences moved past the restored ids, then the media files.
 */
export async function restoreBackup(
  dataDir: string,
  archivePath: string,
): Promise<{ rows: number; files: number }> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-restore-"));
  try {
    await tar.extract({ file: archivePath, cwd: staging, strict: true });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(staging, "backup.json"), "utf8"),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new RestoreError(`Unknown backup format: ${String(manifest.format)}`);

    const uploads = uploadsDir(dataDir);
    if (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) {
      throw new RestoreError(`${uploads} is not empty: restore into an empty DATA_DIR.`);
    }
    const db = await getDb();
    const order = tablesInDependencyOrder();
    for (const name of order) {
      const existing = await db.execute(sql`select 1 from ${sql.identifier(name)} limit 1`);
      if (rowsOf(existing).length > 0)
        throw new RestoreError(`Table ${name} is not empty: restore into an empty site.`);
    }

    // Media first: if the database part then fails, the copied files are removed again.
    let files = 0;
    const source = path.join(staging, "uploads");
    if (fs.existsSync(source)) {
      fs.mkdirSync(uploads, { recursive: true });
      fs.cpSync(source, uploads, { recursive: true });
      files = fs
        .readdirSync(uploads, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length;
    }
    let rows = 0;
    try {
      await db.transaction(async (tx) => {
        for (const name of order) {
          const list = withColumnDefaults(name, manifest.tables[name] ?? []);
          if (list.length === 0) continue;
          const table = sql.identifier(name);
          // Only the columns the archive has: a column added since (e.g. `version`, migration
          // 0004) takes its default instead of a null that its NOT NULL would refuse.
          const existing = rowsOf<{ name: string }>(
            await tx.execute(sql`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = ${name}
              order by ordinal_position`),
          ).map((column) => column.name);
          const present = existing.filter((column) =>
            list.some((row) => typeof row === "object" && row !== null && column in row),
          );
          const columns = sql.join(
            present.map((column) => sql.identifier(column)),
            sql`, `,
          );
          await tx.execute(
            sql`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, ${JSON.stringify(list)}::json)`,
          );
          rows += list.length;
        }
        await resetSerialSequences(tx);
      });
    } catch (error) {
      fs.rmSync(uploads, { recursive: true, force: true });
      throw error;
    }
    return { rows, files };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
