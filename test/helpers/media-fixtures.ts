import zlib from "node:zlib";
import sharp from "sharp";

/** A real PNG of the given dimensions, padded after IEND (decoders ignore it) to `size` bytes. */
export async function pngOfSize(size: number, width = 8, height = 6): Promise<Buffer> {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  if (size < png.length) throw new Error(`A ${width}x${height} PNG needs ${png.length} bytes`);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

export async function jpeg(width = 16, height = 9): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
}

export async function gif(width = 4, height = 4): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#00000000" } })
    .gif()
    .toBuffer();
}

/** An MP4 container header (ftyp + mdat box) of exactly `size` bytes. */
export function mp4OfSize(size: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2avc1mp41"),
  ]);
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4);
  return Buffer.concat([ftyp, mdat]);
}

/** A PNG whose header claims `width`x`height` pixels but holds almost no data: a decompression bomb's shape. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A Windows executable's first bytes ("MZ" header) with a PE-ish body. */
/** A GIF whose logical screen declares `width` x `height` pixels around a single 1x1 image. */
export function gifDeclaring(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from("GIF89a"),
    screen,
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

export function exeBytes(): Buffer {
  const buffer = Buffer.alloc(5000);
  buffer.write("MZ", 0);
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write("PE\0\0", 0x80, "binary");
  return buffer;
}

export const htmlBytes = () =>
  Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>");

export const MB = 1024 * 1024;
