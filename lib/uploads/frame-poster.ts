import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Storage, StoredMedia } from "@/lib/storage";
import { extractPoster, firstPictureTime, type VideoProbe } from "./encode";
import { makePlaceholder } from "./placeholder";

/** A poster taken from a video: always with its placeholder (null when sharp made none). */
export type FramePoster = StoredMedia & { placeholder: string | null };

/**
 * Stores the frame of `source` at `at` seconds (null: its first non-black picture) as a JPEG
 * poster at most 1920 px wide, with its blur-up placeholder: a video's poster taken from the video
 * itself (the encoder's chosen frame, an uploaded Reel's default poster). The JPEG is written in a
 * folder made inside `dir` (on the storage's disk, so storing it links rather than copies), which
 * is removed afterwards.
 */
export async function storeFramePoster(
  source: string,
  probe: VideoProbe,
  at: number | null,
  dir: string,
  storage: Storage,
  signal?: AbortSignal,
): Promise<FramePoster> {
  const seconds = at ?? (await firstPictureTime(source, probe, signal));
  const work = await fs.mkdtemp(path.join(/* turbopackIgnore: true */ dir, "poster-"));
  try {
    const file = path.join(/* turbopackIgnore: true */ work, "poster.jpg");
    await extractPoster(source, probe, seconds, file, signal);
    const { width = null, height = null } = await sharp(file).metadata();
    const placeholder = await makePlaceholder(file);
    const media = await storage.put({
      path: file,
      temporary: true,
      contentType: "image/jpeg",
      kind: "image",
      width,
      height,
    });
    return { ...media, placeholder };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
