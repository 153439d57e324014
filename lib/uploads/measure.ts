import fs from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { fileTooLarge, invalidFileType } from "@/lib/validation/messages";
import { UploadError } from "./errors";
import { MAX_IMAGE_PIXELS } from "@/lib/validation/uploads";

/** Width and height from the header; refuses images whose decoded size would be excessive. */
export async function measureImage(
  path: string,
  name: string,
): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(415, invalidFileType(name));
  }
  const screen = metadata.format === "gif" ? await readGifScreen(path) : null;
  // Browsers draw a GIF at its logical screen size, which can dwarf the frames sharp measures.
  const width = Math.max(metadata.width ?? 0, screen?.width ?? 0);
  const height = Math.max(metadata.height ?? 0, screen?.height ?? 0);
  if (!width || !height) throw new UploadError(415, invalidFileType(name));
  if (width * height * (metadata.pages ?? 1) > MAX_IMAGE_PIXELS) {
    throw new UploadError(413, fileTooLarge(name));
  }
  return { width, height };
}

/** The logical screen size in a GIF header (bytes 6-9, little-endian). */
async function readGifScreen(path: string): Promise<{ width: number; height: number } | null> {
  const file = await fs.open(path, "r");
  try {
    const header = Buffer.alloc(10);
    const { bytesRead } = await file.read(header, 0, 10, 0);
    if (bytesRead < 10) return null;
    return { width: header.readUInt16LE(6), height: header.readUInt16LE(8) };
  } finally {
    await file.close();
  }
}
