import fs from "node:fs/promises";
import path from "node:path";

const STALE_AFTER_MS = 60 * 60 * 1000;
const swept = new Set<string>();

/**
 * Removes upload directories left by a process that died mid-request (killed, power loss), once
 * per process and directory. An hour is far longer than any upload takes.
 */
export async function sweepStaleUploads(tmpRoot: string, now = Date.now()): Promise<void> {
  const entries = await fs.readdir(tmpRoot, { withFileTypes: true }).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name.startsWith("upload-"))
      .map(async (entry) => {
        const dir = path.join(/* turbopackIgnore: true */ tmpRoot, entry.name);
        const { mtimeMs } = await fs.stat(dir);
        if (now - mtimeMs > STALE_AFTER_MS) await fs.rm(dir, { recursive: true, force: true });
      }),
  );
}

export async function sweepOnce(tmpRoot: string): Promise<void> {
  if (swept.has(tmpRoot)) return;
  swept.add(tmpRoot);
  await sweepStaleUploads(tmpRoot).catch(() => {});
}
