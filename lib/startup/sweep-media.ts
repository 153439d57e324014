import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db";
import { uploadsDir } from "@/lib/storage/local";

/** A local media key as lib/storage/local.ts makes them, anywhere in a row's text. */
const KEY_IN_TEXT = /[0-9a-f]{32}\.(?:jpg|png|gif|mp4|mov|webm|mkv)/g;
/** A stored file, or the dot-named partial copy a killed `put` leaves behind. */
const STORED_FILE = /^\.?([0-9a-f]{32}\.(?:jpg|png|gif|mp4|mov|webm|mkv))(\.part)?$/;

export type SweepOptions = {
  dataDir: string;
  /**
   * Files younger than this are kept even when unreferenced: another process on the same
   * DATA_DIR (PostgreSQL mode allows several) may have stored a file and not yet committed its
   * row. Zero when this process holds the data-directory lock and nobody else can be writing.
   */
  graceMs: number;
  /** With Cloudinary, local files are left alone: only temporary upload folders are removed. */
  keepLocalMedia: boolean;
  now?: number;
};

export type SweepResult = { mediaRemoved: string[]; tempRemoved: string[] };

/**
 * Every local media key any row mentions. The whole row text of every table is scanned rather
 * than a list of columns, so a column added later (or a URL stored without its key, as imports
 * do) can never make a referenced file look orphaned.
 */
export async function listReferencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`),
  );
  for (const { name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`),
    );
    for (const { row } of rows) for (const key of row.match(KEY_IN_TEXT) ?? []) keys.add(key);
  }
  return keys;
}

async function readDir(dir: string) {
  return fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
}

async function isOlderThan(file: string, graceMs: number, now: number): Promise<boolean> {
  if (graceMs <= 0) return true;
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && now - stat.mtimeMs > graceMs;
}

/**
 * Removes what a crash can leave on disk: stored media no row points to (the file was stored but
 * its row never committed), partial copies, and temporary upload folders. Runs at start-up,
 * before the server takes requests; the referenced keys are read before the folder is listed,
 * and only names this app could have written are ever considered.
 */
export async function sweepOrphanedMedia(db: Db, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const result: SweepResult = { mediaRemoved: [], tempRemoved: [] };

  const tmpRoot = path.join(/* turbopackIgnore: true */ options.dataDir, "tmp");
  for (const entry of await readDir(tmpRoot)) {
    const dir = path.join(/* turbopackIgnore: true */ tmpRoot, entry.name);
    if (!entry.isDirectory() || !entry.name.startsWith("upload-")) continue;
    if (!(await isOlderThan(dir, options.graceMs, now))) continue;
    await fs.rm(dir, { recursive: true, force: true });
    result.tempRemoved.push(entry.name);
  }

  if (options.keepLocalMedia) return result;
  const referenced = await listReferencedKeys(db);
  const dir = uploadsDir(options.dataDir);
  for (const entry of await readDir(dir)) {
    const match = STORED_FILE.exec(entry.name);
    if (!entry.isFile() || !match) continue;
    const partial = entry.name.startsWith(".") && match[2] === ".part";
    if (!partial && (entry.name.startsWith(".") || match[2])) continue;
    if (!partial && referenced.has(match[1] ?? "")) continue;
    const file = path.join(/* turbopackIgnore: true */ dir, entry.name);
    if (!(await isOlderThan(file, options.graceMs, now))) continue;
    await fs.rm(file, { force: true });
    result.mediaRemoved.push(entry.name);
  }
  return result;
}
