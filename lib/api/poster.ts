import "server-only";
import sharp from "sharp";
import { getStorage, type StoredMedia } from "@/lib/storage";
import { makePlaceholder } from "@/lib/uploads/placeholder";

/** The generated still's size: 16:9, the frame the site draws videos in. */
export const GENERATED_POSTER = { width: 1280, height: 720 } as const;

/**
 * A neutral still for a video uploaded without a poster (an API client; the forms always send
 * one): the site's paper colour with a play glyph, never a black frame (issue 18 item 3). Made
 * with sharp from an SVG, since the server has no video decoder to take a real frame.
 */
export async function generatedPosterPng(): Promise<Buffer> {
  const { width, height } = GENERATED_POSTER;
  const r = 64;
  const cx = width / 2;
  const cy = height / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#e7e5e1"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fafaf8" stroke="#5c5c5c" stroke-width="3"/>
<path d="M${cx - 20} ${cy - 32} L${cx + 34} ${cy} L${cx - 20} ${cy + 32} Z" fill="#5c5c5c"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** Stores a freshly generated poster and answers where it is served. */
export async function storeGeneratedPoster(): Promise<StoredMedia> {
  const buffer = await generatedPosterPng();
  const media = await getStorage().put({
    buffer,
    contentType: "image/png",
    kind: "image",
    width: GENERATED_POSTER.width,
    height: GENERATED_POSTER.height,
  });
  return { ...media, placeholder: await makePlaceholder(buffer) };
}
