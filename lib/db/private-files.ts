import fs from "node:fs/promises";
import path from "node:path";

/**
 * Everything under DATA_DIR is the owner's alone: the database (accounts, password hashes, the
 * WAL), uploads, temporary uploads, the mail outbox, signing keys, and the backups the scripts
 * write. Files are created 0600 and folders 0700 by clearing group and other bits from the
 * process's umask; PGlite's file system creates its files with the umask too (mode 0666 masked).
 * Called first thing by the server (instrumentation) and by every CLI script.
 */
export function restrictFileModes(): void {
  process.umask(process.umask() | 0o077);
}

/**
 * Takes group and other permissions off every file and folder under `root` (and `root` itself),
 * for installs whose files were created before restrictFileModes: their PGlite files were 0666.
 * Symbolic links are left alone (chmod would follow them out of the tree). Returns how many
 * entries were changed; one that cannot be changed (another user's, gone meanwhile) is skipped.
 */
export async function makePrivate(root: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.lstat(entry);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      try {
        await fs.chmod(entry, stat.mode & 0o7700);
        changed++;
      } catch {
        // Another user's, or removed meanwhile: nothing to do here.
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = await fs.readdir(entry);
    } catch {
      return;
    }
    for (const name of names) await visit(path.join(/* turbopackIgnore: true */ entry, name));
  };
  await visit(root);
  return changed;
}
