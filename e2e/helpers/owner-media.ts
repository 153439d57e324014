import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/** Test media for the owner specs, made on the fly: real PNG and MP4 bytes of an exact size. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of one colour. With `size`, a tEXt chunk pads it to exactly that many bytes, so
 * limits can be tested at the edge with a file every decoder accepts.
 */
export function makePng(
  options: { width?: number; height?: number; rgb?: [number, number, number]; size?: number } = {},
): Buffer {
  const { width = 64, height = 48, rgb = [200, 80, 40], size } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
  ];
  const end = chunk("IEND", Buffer.alloc(0));
  if (size !== undefined) {
    const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
    const keyword = Buffer.from("Comment\0", "latin1");
    const fill = size - used - 12 - keyword.length;
    if (fill < 0) throw new Error(`A PNG cannot be as small as ${size} bytes`);
    parts.push(chunk("tEXt", Buffer.concat([keyword, Buffer.alloc(fill, 0x61)])));
  }
  return Buffer.concat([...parts, end]);
}

/** An MP4 container (ftyp box, padded by a free box) of exactly `size` bytes. */
export function makeMp4(size = 4096): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypisom", "ascii"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2", "ascii"),
  ]);
  const free = Buffer.alloc(size - ftyp.length);
  free.writeUInt32BE(free.length, 0);
  free.write("free", 4, "ascii");
  return Buffer.concat([ftyp, free]);
}

/**
 * A real H.264 MP4 the browser plays (e2e/fixtures/clip.mp4), padded by a free box after its own
 * boxes to exactly `size` bytes: the form sends it as it is, where a file the browser shows no
 * picture of (makeMp4's) is uploaded with tus first (docs/media.md "Small files").
 */
export function playableMp4(size?: number): Buffer {
  const clip = fs.readFileSync(path.join(__dirname, "..", "fixtures", "clip.mp4"));
  if (size === undefined || size === clip.length) return clip;
  const free = Buffer.alloc(size - clip.length);
  free.writeUInt32BE(free.length, 0);
  free.write("free", 4, "ascii");
  return Buffer.concat([clip, free]);
}

let tempDir: string | undefined;

/**
 * Writes a buffer to a temporary file (Playwright refuses in-memory files over 50 MB), in a folder
 * of this worker's that is removed when the worker exits.
 */
export function writeTempFile(name: string, data: Buffer): string {
  if (!tempDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-e2e-"));
    process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    tempDir = dir;
  }
  const file = path.join(tempDir, name);
  fs.writeFileSync(file, data);
  return file;
}

export const MB = 1024 * 1024;

export function png(name: string, options?: Parameters<typeof makePng>[0]) {
  return { name, mimeType: "image/png", buffer: makePng(options) };
}
