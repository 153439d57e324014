import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { getDb, rowsOf } from "@/lib/db";
import { uploadsDir } from "@/lib/storage/local";
import { tablesInDependencyOrder } from "./tables";

export const BACKUP_FORMAT = "portfolio-backup/1";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  tables: Record<string, unknown[]>;
};

/**
 * Writes one .tar.gz with `backup.json` (every table's rows, read in one transaction so the dump
 * is consistent) and `uploads/` (the local media files). Works the same on PGlite and PostgreSQL.
 */
export async function createBackup(
  dataDir: string,
  archivePath: string,
): Promise<{ rows: number; files: number }> {
  const db = await getDb();
  const tables: Record<string, unknown[]> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const name of tablesInDependencyOrder()) {
      const result = await tx.execute(
        sql`select row_to_json(t) as row from ${sql.identifier(name)} t`,
      );
      tables[name] = rowsOf<{ row: unknown }>(result).map((r) => r.row);
    }
  });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    tables,
  };

  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-backup-"));
  try {
    fs.writeFileSync(path.join(staging, "backup.json"), JSON.stringify(manifest));
    const entries = ["backup.json"];
    const uploads = uploadsDir(dataDir);
    let files = 0;
    if (fs.existsSync(uploads)) {
      fs.symlinkSync(uploads, path.join(staging, "uploads"));
      files = fs
        .readdirSync(uploads, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length;
      entries.push("uploads");
    }
    const partial = `${archivePath}.partial`;
    await tar.create(
      { gzip: true, file: partial, cwd: staging, follow: true, portable: true },
      entries,
    );
    fs.renameSync(partial, archivePath);
    const rows = Object.values(tables).reduce((sum, list) => sum + list.length, 0);
    return { rows, files };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
