import "server-only";
import sharp from "sharp";
import { getStorage, type StoredMedia } from "@/lib/storage";
import { makePlaceholder } from "@/lib/uploads/placeholder";

/** The generated still's size: 16:9, the frame the site draws videos in. */
export const GENERATED_POSTER = { width: 1280, height: 720 } as const;

/**
 * A neutral still for a video uploaded without a poster (an API client; the forms always send
 * one): the site's paper colour, never a black frame (issue 18 item 3). It carries no play glyph:
 * the player draws its own button over the poster, and two glyphs would sit on top of each other.
 * Made with sharp, since the server has no video decoder to take a real frame.
 */
export async function generatedPosterPng(): Promise<Buffer> {
  const { width, height } = GENERATED_POSTER;
  return sharp({ create: { width, height, channels: 3, background: "#e7e5e1" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
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
