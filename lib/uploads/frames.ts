import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { frameMessages, parseSeconds } from "@/lib/validation/video-timing";
import { EncodeError, extractFrame, firstPictureTime, probeVideo, type VideoProbe } from "./encode";
import { UploadError } from "./errors";

/**
 * The frames of a stored video for the owner's poster and trim picker (docs/api.md "Video
 * frames"): a strip of small thumbnails, cached on disk beside the video, and the exact frame at a
 * time. Read by ffmpeg, so any codec a master may hold (ProRes, HEVC) works where the browser's
 * own decoder does not. One ffmpeg at a time per process, at the encoder's low priority.
 */

/** Thumbnails in a strip: tile i shows the frame at (i + 0.5) × duration / FRAME_COUNT. */
const FRAME_COUNT = 10;
/** Height of a strip's thumbnails, in pixels. */
const STRIP_HEIGHT = 90;
/** Widest frame answered for a time: the picker's preview, not a poster. */
const FRAME_WIDTH = 640;

export type FrameStrip = { image: Buffer; probe: VideoProbe };

const QUEUE = Symbol.for("portfolio.videoFrames");
type WithQueue = { [QUEUE]?: Promise<unknown> };

/**
 * Runs `work` after every earlier call of this process has ended (the route handlers are separate
 * bundles, so the queue lives on globalThis). A request gone while it waited is not started.
 */
function oneAtATime<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const holder = globalThis as WithQueue;
  const run = (holder[QUEUE] ?? Promise.resolve()).then(() => {
    if (signal?.aborted) throw signal.reason ?? new Error("aborted");
    return work();
  });
  holder[QUEUE] = run.catch(() => {});
  return run;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** The midpoint times of the strip's tiles. */
const stripTimes = (duration: number) =>
  Array.from({ length: FRAME_COUNT }, (_, i) => ((i + 0.5) * duration) / FRAME_COUNT);

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "frames-"));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The strip of `source` (a JPEG of FRAME_COUNT thumbnails side by side), read from `cache` or
 * made and written there (under a temporary name first, so a half-written strip is never read).
 */
export function frameStrip(source: string, cache: string, signal?: AbortSignal) {
  return oneAtATime(async (): Promise<FrameStrip> => {
    const probe = await probeVideo(source);
    const cached = await fs.readFile(cache).catch(() => null);
    if (cached) return { image: cached, probe };
    const image = await withTempDir(async (dir) => {
      const tiles: string[] = [];
      // One frame per ffmpeg run, each seeking on its own: a long master is never decoded whole.
      for (const [i, at] of stripTimes(probe.duration).entries()) {
        const tile = path.join(/* turbopackIgnore: true */ dir, `${i}.jpg`);
        await extractFrame(source, probe, at, tile, `scale=-2:${STRIP_HEIGHT}`, signal);
        tiles.push(tile);
      }
      const { width = STRIP_HEIGHT } = await sharp(tiles[0]).metadata();
      return sharp({
        create: {
          width: width * FRAME_COUNT,
          height: STRIP_HEIGHT,
          channels: 3,
          background: "#000",
        },
      })
        .composite(tiles.map((input, i) => ({ input, left: i * width, top: 0 })))
        .jpeg({ quality: 75 })
        .toBuffer();
    });
    const partial = `${cache}.${randomBytes(4).toString("hex")}.part`;
    await fs.mkdir(path.dirname(cache), { recursive: true });
    await fs.writeFile(partial, image);
    await fs.rename(partial, cache);
    // Deleted meanwhile (attached, replaced): its strip goes too.
    if (!(await exists(source))) await fs.rm(cache, { force: true });
    return { image, probe };
  }, signal);
}

/**
 * The frame of `source` at `time` (the `t` parameter, seconds from 0 to the video's duration) as a
 * JPEG at most 640 px wide; a time that is not one is a 400.
 */
export async function frameAt(source: string, time: string, signal?: AbortSignal): Promise<Buffer> {
  const seconds = parseSeconds(time);
  return oneAtATime(async () => {
    const probe = await probeVideo(source);
    if (typeof seconds !== "number" || seconds > probe.duration)
      throw new UploadError(400, frameMessages.time(probe.duration));
    return withTempDir(async (dir) => {
      const file = path.join(/* turbopackIgnore: true */ dir, "frame.jpg");
      await extractFrame(source, probe, seconds, file, `scale='min(${FRAME_WIDTH},iw)':-2`, signal);
      return fs.readFile(file);
    });
  }, signal);
}

/**
 * The time of the first non-black frame of a video about to go to Cloudinary (docs/media.md
 * "Media on Cloudinary"): the local encoder's own search, in this queue; null when ffmpeg cannot
 * read the file or `signal` ends the wait.
 */
export function firstPictureOf(source: string, signal: AbortSignal): Promise<number | null> {
  return oneAtATime(
    async () => firstPictureTime(source, await probeVideo(source), signal),
    signal,
  ).catch(() => null);
}

/** A JPEG answer the browser keeps for the owner only and asks for again each time. */
export function jpegResponse(image: Buffer, headers: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(image), {
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "private, no-store", ...headers },
  });
}

/** GET …/frames for the video file at `source`: `?t=` the frame there, else the cached strip. */
export async function framesResponse(
  request: Request,
  source: string,
  cache: string,
): Promise<Response> {
  const time = new URL(request.url).searchParams.get("t");
  try {
    if (time !== null) return jpegResponse(await frameAt(source, time, request.signal));
    const { image, probe } = await frameStrip(source, cache, request.signal);
    return jpegResponse(image, {
      "X-Video-Duration": probe.duration.toFixed(3),
      "X-Video-Fps": String(probe.fps),
      "X-Frame-Count": String(FRAME_COUNT),
    });
  } catch (error) {
    // The picker moved on (another time, another file): nobody reads an answer, nothing to log.
    if (request.signal.aborted) return new Response(null, { status: 499 });
    if (!(await exists(source))) throw new UploadError(404, frameMessages.gone);
    // A stored file the encoder refused (its video failed): the same reason.
    if (error instanceof EncodeError) throw new UploadError(415, error.message);
    throw error;
  }
}
