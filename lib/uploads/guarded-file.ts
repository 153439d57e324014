import fs from "node:fs";
import { Writable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { UploadError } from "./errors";
import {
  tooLargeMessage,
  wrongTypeMessage,
  type FileRule,
  type MediaType,
} from "@/lib/validation/uploads";

/** Enough leading bytes for file-type to recognise every accepted format. */
const SNIFF_BYTES = 4100;

/**
 * This stream's own buffer. formidable hands it one chunk at a time (the next once the last one's
 * callback came), so it holds a chunk or two; what may wait for the disk is DISK_BACKLOG below.
 */
const WRITE_BUFFER = 1024 * 1024;

/**
 * Bytes of a file taken from the request but not yet written to the disk (a write in flight and
 * those queued behind it) before the request waits for the disk. The thread pool's writes come
 * in bursts on a busy machine; with 1 MB, and waiting for the file stream's `drain` (all of it
 * written), a 50 MB upload paused the socket about 47 times for about 31 ms in all
 * (docs/media.md#the-disk-writes-behind-the-socket).
 */
export const DISK_BACKLOG = 8 * 1024 * 1024;

/**
 * The write stream formidable streams one uploaded file into. It enforces the field's rule while
 * the bytes arrive: the type is checked on the first bytes and the size on every chunk, so a
 * renamed executable or an oversized video is refused before the rest of it reaches the disk.
 */
export class GuardedFile extends Writable {
  bytes = 0;
  contentType: MediaType | null = null;
  /** Why the file was refused, if it was; checked again after parsing since formidable may finish first. */
  failure: Error | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private readonly out: fs.WriteStream | null;
  /** The last chunk's callback, held while the disk is more than DISK_BACKLOG behind. */
  private waitingForDisk: (() => void) | null = null;
  /** Resolves once the temporary file is closed, so clean-up never races an open descriptor. */
  readonly fileClosed: Promise<void>;

  constructor(
    filepath: string,
    readonly rule: FileRule,
    private readonly name: string,
    refusal: UploadError | undefined,
    private readonly onFailure: (error: Error) => void,
  ) {
    super({ highWaterMark: WRITE_BUFFER });
    if (refusal) {
      this.out = null;
      this.fileClosed = Promise.resolve();
      queueMicrotask(() => this.destroy(refusal));
      return;
    }
    this.out = fs.createWriteStream(filepath, { flags: "wx", highWaterMark: DISK_BACKLOG });
    const out = this.out;
    this.fileClosed = new Promise((resolve) => out.once("close", () => resolve()));
    out.on("error", (error) => this.destroy(error));
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.rule.maxBytes)
      return callback(new UploadError(413, tooLargeMessage(this.rule, this.name)));
    const sniffed = this.contentType ? Promise.resolve() : this.collectHead(chunk, false);
    sniffed.then(() => this.forward(chunk, callback), callback);
  }

  /**
   * Accepts the next chunk while this one is still being written, as long as the disk is at most
   * DISK_BACKLOG behind: waiting for each write to reach the disk would stall the network between
   * chunks. Past it the chunk's callback waits for the first write that brings the backlog back
   * within it, not for the file stream's `drain`, which comes only once everything queued is
   * written. A write error destroys this stream (see the constructor), which ends the upload.
   */
  private forward(chunk: Buffer, callback: (error?: Error | null) => void) {
    const out = this.out!;
    out.write(chunk, (error) => {
      if (error || !this.waitingForDisk || out.writableLength > DISK_BACKLOG) return;
      const resume = this.waitingForDisk;
      this.waitingForDisk = null;
      resume();
    });
    if (out.writableLength <= DISK_BACKLOG) callback();
    else this.waitingForDisk = callback;
  }

  override _final(callback: (error?: Error | null) => void) {
    const sniffed =
      this.contentType || this.bytes === 0 ? Promise.resolve() : this.collectHead(null, true);
    sniffed.then(() => this.out!.end(callback), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    // A chunk held for the disk is dropped with the stream: the request is not resumed for it.
    this.waitingForDisk = null;
    if (this.out && !this.out.destroyed) this.out.destroy();
    if (error && !this.failure) {
      this.failure = error;
      this.onFailure(error);
    }
    callback(error);
  }

  private async collectHead(chunk: Buffer | null, last: boolean): Promise<void> {
    if (chunk) {
      this.head.push(chunk);
      this.headLength += chunk.length;
    }
    if (!last && this.headLength < SNIFF_BYTES) return;
    const detected = await fileTypeFromBuffer(Buffer.concat(this.head));
    this.head = [];
    const mime = detected?.mime as MediaType | undefined;
    if (!mime || !this.rule.types.includes(mime))
      throw new UploadError(415, wrongTypeMessage(this.rule, this.name));
    this.contentType = mime;
  }
}
