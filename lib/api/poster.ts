import "server-only";
import sharp from "sharp";
import { getStorage, type StoredMedia } from "@/lib/storage";
import { makePlaceholder } from "@/lib/uploads/placeholder";

/** The generated still's size: 16:9, the frame the site draws videos in. */
export const GENERATED_POSTER = { width: 1280, height: 720 } as const;

type GeneratedPoster = { png: Buffer; placeholder: string | null };
let generated: Promise<GeneratedPoster> | null = null;

/**
 * A neutral still for a video uploaded without a poster (an API client; the forms always send
 * one): the site's paper colour, never a black frame. It carries no play glyph:
 * the player draws its own button over the poster, and two glyphs would sit on top of each other.
 * Made with sharp, since the server has no video decoder to take a real frame. It is the same
 * image every time, so it is encoded once per process (about 15 ms of sharp per upload otherwise);
 * a failed encoding is tried again next time.
 */
function generatedPoster(): Promise<GeneratedPoster> {
  generated ??= (async () => {
    const { width, height } = GENERATED_POSTER;
    const png = await sharp({ create: { width, height, channels: 3, background: "#e7e5e1" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { png, placeholder: await makePlaceholder(png) };
  })();
  generated.catch(() => (generated = null));
  return generated;
}

/** Stores a copy of the generated poster under a key of its own and answers where it is served. */
export async function storeGeneratedPoster(): Promise<StoredMedia> {
  const { png, placeholder } = await generatedPoster();
  const media = await getStorage().put({
    buffer: png,
    contentType: "image/png",
    kind: "image",
    width: GENERATED_POSTER.width,
    height: GENERATED_POSTER.height,
  });
  return { ...media, placeholder };
}
