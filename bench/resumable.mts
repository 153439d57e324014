// A 1 GB master over tus whose connection drops halfway, resumed from the offset HEAD answers
// (docs/media.md#resumable-uploads): what the server stored must be the source's bytes (SHA-256),
// and the site's RSS must not grow with the size of the upload. Part of `npm run bench`; alone:
// bench/motion.mts.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  cancelUpload,
  createUpload,
  patchUpload,
  peakOf,
  serverTree,
  siteRssMb,
  uploadOffset,
  type Owner,
} from "./media-client.mts";

export const RESUMED_BYTES = 1024 ** 3;
/** The share of the bytes sent before the connection is dropped. */
const DROP_AT = 0.5;
const BLOCK = 1024 * 1024;
const RSS_SAMPLE_MS = 50;

/**
 * The master's bytes, made on the fly (no 1 GB file to write or leave behind): a real 1-second
 * H.264 mp4 (what the server's content check reads: its `ftyp` box, then ffmpeg's probe) followed
 * by one `free` box, a box players skip, filling the file up to `size` with a 1 MB random block
 * repeated.
 */
export function masterBytes(head: Buffer, size: number) {
  const box = Buffer.alloc(8);
  box.writeUInt32BE(size - head.length, 0);
  box.write("free", 4);
  const prefix = Buffer.concat([head, box]);
  const block = randomBytes(BLOCK);
  /** The bytes from `offset` to the end, in pieces of at most 1 MB. */
  return async function* from(offset: number): AsyncGenerator<Buffer> {
    for (let at = offset; at < size;) {
      const piece =
        at < prefix.length
          ? prefix.subarray(at)
          : block.subarray((at - prefix.length) % BLOCK, BLOCK);
      const next = piece.subarray(0, Math.min(piece.length, size - at));
      at += next.length;
      yield next;
    }
  };
}

export type ResumedUploadResult = {
  bytes: number;
  /** Bytes the first PATCH handed to its connection before it was dropped. */
  droppedAfter: number;
  /** The offset HEAD answered after the drop: where the second PATCH started. */
  resumedFrom: number;
  /** SHA-256 of the source's bytes and of the file the server stored. */
  sourceSha256: string;
  storedSha256: string;
  /** The site's RSS (the server's tree without ffmpeg) before, and its largest growth during it, MB. */
  rssBeforeMb: number;
  rssGrowthMb: number;
  /** Wall time of the two PATCHes and the HEAD between them, s. */
  seconds: number;
};

/**
 * Creates a 1 GB upload, drops its connection after half of it, reads HEAD's offset and sends the
 * rest from there; hashes the stored file against the source, then cancels the upload (the server
 * deletes its file). `pid` is the server's, `dataDir` its DATA_DIR, `headFile` the 1-second mp4
 * the master starts with (bench/masters.mts).
 */
export async function measureResumedUpload(
  owner: Owner,
  pid: number,
  dataDir: string,
  headFile: string,
): Promise<ResumedUploadResult> {
  const from = masterBytes(fs.readFileSync(headFile), RESUMED_BYTES);
  const location = await createUpload(owner, RESUMED_BYTES, "Resumed master.mp4");
  const stored = path.join(dataDir, "resumable", location.split("/").pop()!);
  try {
    const rssBeforeMb = siteRssMb(serverTree(pid));
    const peak = peakOf(() => siteRssMb(serverTree(pid)), RSS_SAMPLE_MS);
    const start = performance.now();
    let peakMb: number;
    let droppedAfter: number;
    let resumedFrom: number;
    try {
      const dropped = await patchUpload(
        owner,
        location,
        0,
        RESUMED_BYTES,
        from(0),
        Math.round(RESUMED_BYTES * DROP_AT),
      );
      droppedAfter = dropped.sent;
      // The server finishes writing what reached it and releases the upload's lock: read HEAD
      // until two readings 250 ms apart agree, then send the rest (again on a 409 or 423).
      resumedFrom = -1;
      for (let attempt = 0; attempt < 40; attempt++) {
        const offset = await uploadOffset(owner, location);
        if (offset === resumedFrom) {
          const rest = await patchUpload(
            owner,
            location,
            offset,
            RESUMED_BYTES - offset,
            from(offset),
          );
          if (rest.status === 204) break;
          if (rest.status !== 409 && rest.status !== 423)
            throw new Error(`The resumed PATCH answered ${rest.status}`);
        }
        resumedFrom = offset;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      peakMb = peak();
    }
    const seconds = (performance.now() - start) / 1000;
    if ((await uploadOffset(owner, location)) !== RESUMED_BYTES)
      throw new Error("The resumed upload did not complete");
    const hash = createHash("sha256");
    for await (const piece of from(0)) hash.update(piece);
    const storedHash = createHash("sha256");
    for await (const piece of fs.createReadStream(stored)) storedHash.update(piece as Buffer);
    return {
      bytes: RESUMED_BYTES,
      droppedAfter,
      resumedFrom,
      sourceSha256: hash.digest("hex"),
      storedSha256: storedHash.digest("hex"),
      rssBeforeMb,
      rssGrowthMb: Math.round((peakMb - rssBeforeMb) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
    };
  } finally {
    await cancelUpload(owner, location).catch(() => fs.rmSync(stored, { force: true }));
  }
}
