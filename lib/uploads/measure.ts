import sharp, { type Metadata } from "sharp";
import { fileTooLarge, invalidFileType } from "@/lib/validation/messages";
import { UploadError } from "./errors";
import { MAX_IMAGE_PIXELS } from "./rules";

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
  const { width, height } = metadata;
  if (!width || !height) throw new UploadError(415, invalidFileType(name));
  if (width * height * (metadata.pages ?? 1) > MAX_IMAGE_PIXELS) {
    throw new UploadError(413, fileTooLarge(name));
  }
  return { width, height };
}
