import fs from "node:fs";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mp4OfSize } from "@/test/helpers/media-fixtures";
import { videoRule } from "@/lib/validation/uploads";
import { DISK_BACKLOG, GuardedFile } from "./guarded-file";

const CHUNK = 64 * 1024;

/**
 * A file stream whose writes land only when the test says so, batched as fs.WriteStream batches
 * them (everything queued behind a write goes in the next writev): a disk that lags the network.
 */
function laggingDisk() {
  const landed: Buffer[] = [];
  const inFlight: { chunks: Buffer[]; done: (error?: Error | null) => void }[] = [];
  const stream = new Writable({
    highWaterMark: DISK_BACKLOG,
    write(chunk: Buffer, _encoding, done) {
      inFlight.push({ chunks: [chunk], done });
    },
    writev(chunks, done) {
      inFlight.push({ chunks: chunks.map(({ chunk }) => chunk as Buffer), done });
    },
  });
  return {
    stream,
    landed,
    /** Bytes taken but not yet on the disk, as the file stream counts them. */
    backlog: () => stream.writableLength,
    /** Completes the write in flight; its callbacks run as fs's would, from a later turn. */
    land: async () => {
      const write = inFlight.shift();
      if (!write) return false;
      landed.push(...write.chunks);
      write.done();
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe("GuardedFile on a disk slower than the network", () => {
  it("takes chunks until the disk is DISK_BACKLOG behind, then waits only for the next write to land", async () => {
    const disk = laggingDisk();
    vi.spyOn(fs, "createWriteStream").mockReturnValue(disk.stream as unknown as fs.WriteStream);
    const file = new GuardedFile("/unused/upload", videoRule, "reel.mp4", undefined, () => {});
    const bytes = mp4OfSize(DISK_BACKLOG * 2);
    const chunks = Array.from({ length: bytes.length / CHUNK }, (_, i) =>
      bytes.subarray(i * CHUNK, (i + 1) * CHUNK),
    );

    // The request's side: the next chunk only once the last one was taken (formidable's pause).
    let taken = 0;
    const sendAll = (async () => {
      for (const chunk of chunks) {
        await new Promise<void>((resolve, reject) =>
          file.write(chunk, (error) => (error ? reject(error) : resolve())),
        );
        taken++;
      }
    })();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    // Nothing has landed: the upload goes on until one chunk past the backlog, then waits.
    await settle();
    const chunksPerBacklog = DISK_BACKLOG / CHUNK;
    expect(taken).toBe(chunksPerBacklog);
    expect(disk.backlog()).toBe(DISK_BACKLOG + CHUNK);

    // The first write (one chunk) lands: back within the backlog, so the request goes on at once,
    // though the batch queued behind that write is still on its way.
    await disk.land();
    await settle();
    expect(taken).toBe(chunksPerBacklog + 1);
    expect(disk.backlog()).toBe(DISK_BACKLOG + CHUNK);

    // Landing every write lets the whole file through, in order and complete.
    while (taken < chunks.length) {
      if (!(await disk.land())) await settle();
      expect(disk.backlog()).toBeLessThanOrEqual(DISK_BACKLOG + CHUNK);
    }
    await sendAll;
    const ended = new Promise<void>((resolve) => file.end(resolve));
    while (disk.backlog() > 0) await disk.land();
    await ended;
    // The very chunks sent, each once and in order (most of them hold the same zero bytes).
    expect(disk.landed.length).toBe(chunks.length);
    expect(disk.landed.every((chunk, i) => chunk === chunks[i])).toBe(true);
    expect(file.bytes).toBe(bytes.length);
    expect(file.contentType).toBe("video/mp4");
  });
});
