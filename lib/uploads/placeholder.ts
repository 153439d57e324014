import "server-only";
import sharp from "sharp";
import {
  MAX_IMAGE_PIXELS,
  PLACEHOLDER_MAX_SIDE,
  PLACEHOLDER_QUALITY,
  PLACEHOLDER_ALPHA_QUALITY,
} from "@/lib/validation/uploads";

/**
 * The blur-up preview of an image: at most PLACEHOLDER_MAX_SIDE pixels on the
 * long side, WebP, as a `data:` URL the pages inline as next/image's `blurDataURL`. Made from the
 * bytes on local disk (an upload's temporary file, before any Cloudinary upload) or a buffer.
 * About 130–290 characters (opaque photos ~130–210), so a gallery card stays within its HTML budget.
 * Alpha is kept, so a transparent PNG's preview is transparent where the image is.
 * Null when sharp cannot decode the file: the image then renders without a placeholder.
 */
export async function makePlaceholder(input: string | Buffer): Promise<string | null> {
  try {
    const bytes = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .rotate()
      .resize(PLACEHOLDER_MAX_SIDE, PLACEHOLDER_MAX_SIDE, { fit: "inside" })
      .webp({
        quality: PLACEHOLDER_QUALITY,
        alphaQuality: PLACEHOLDER_ALPHA_QUALITY,
        effort: 6,
        smartSubsample: true,
      })
      .toBuffer();
    return `data:image/webp;base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}

/** A browser's preview larger than this on a side is not a preview: it is not decoded. */
const PREVIEW_MAX_DECODED_SIDE = 4 * PLACEHOLDER_MAX_SIDE;

/**
 * The placeholder of a direct upload, whose bytes never reach this server: made
 * from the tiny preview the owner's browser drew of it (an upload reference's `preview`, a
 * base64 image data URL), decoded and re-encoded here like any upload's, so what is stored is
 * always this server's WebP. Null without a preview or for one that is not a small image.
 */
export async function placeholderFromPreview(preview: string | undefined): Promise<string | null> {
  const base64 = preview?.slice(preview.indexOf(",") + 1);
  if (!base64) return null;
  const bytes = Buffer.from(base64, "base64");
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width > PREVIEW_MAX_DECODED_SIDE || height > PREVIEW_MAX_DECODED_SIDE) return null;
  } catch {
    return null;
  }
  return makePlaceholder(bytes);
}
