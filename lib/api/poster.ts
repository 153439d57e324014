import "server-only";
import fs from "node:fs/promises";
import sharp from "sharp";
import { env } from "@/lib/env";
import { getStorage, type StoredMedia } from "@/lib/storage";
import { isLocalKey, localPath } from "@/lib/storage/local";
import { EncodeError, probeVideo } from "@/lib/uploads/encode";
import { storeFramePoster } from "@/lib/uploads/frame-poster";
import { makePlaceholder } from "@/lib/uploads/placeholder";
import { uploadTmpDir } from "./media";
import { ApiError } from "./respond";

/** The generated still's size: 16:9, the frame the site draws videos in. */
export const GENERATED_POSTER = { width: 1280, height: 720 } as const;

type GeneratedPoster = { png: Buffer; placeholder: string | null };
let generated: Promise<GeneratedPoster> | null = null;

/**
 * A neutral still for a video uploaded without a poster (an API client; the section forms always
 * send one) that no frame is taken from: the site's paper colour, never a black frame. It carries
 * no play glyph: the player draws its own button over the poster, and two glyphs would sit on top
 * of each other. It is the same image every time, so it is encoded once per process (about 15 ms
 * of sharp per upload otherwise); a failed encoding is tried again next time.
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

/**
 * The poster of the uploaded Reel: the frame at `time` seconds the owner picked, by default its
 * first non-black picture, read by ffmpeg from the file stored on this server (docs/media.md
 * "Poster and trim"), so /reel never opens on a flat still; the generated still for a video
 * elsewhere (Cloudinary) or one ffmpeg cannot read, unless the owner `picked` the frame: then
 * the file's problem is the answer (415), not a still they did not ask for.
 */
export async function storeVideoPoster(
  videoKey: string,
  time: number | null = null,
  picked = false,
): Promise<StoredMedia> {
  const source = isLocalKey(videoKey) ? localPath(env().DATA_DIR, videoKey) : null;
  if (source) {
    try {
      const dir = uploadTmpDir();
      await fs.mkdir(dir, { recursive: true });
      return await storeFramePoster(source, await probeVideo(source), time, dir, getStorage());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (picked) throw error instanceof EncodeError ? new ApiError(415, reason) : error;
      console.error(`No poster frame taken from ${videoKey} (${reason}): the generated still.`);
    }
  }
  return storeGeneratedPoster();
}
