import "server-only";
import sharp from "sharp";
import {
  MAX_IMAGE_PIXELS,
  PLACEHOLDER_MAX_SIDE,
  PLACEHOLDER_QUALITY,
  PLACEHOLDER_ALPHA_QUALITY,
} from "@/lib/validation/uploads";

/**
 * The blur-up preview of an image (issue 18 item 5): at most PLACEHOLDER_MAX_SIDE pixels on the
 * long side, WebP, as a `data:` URL the pages inline as next/image's `blurDataURL`. Made from the
 * bytes on local disk (an upload's temporary file, before any Cloudinary upload) or a buffer.
 * About 130–290 characters (opaque photos ~130–210), so a gallery card stays within its HTML budget (issue 19 item 7).
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
