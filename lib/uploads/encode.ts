import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { MAX_LOOP_SECONDS, MAX_VIDEO_SECONDS, trimPastEnd } from "@/lib/validation/video-timing";

/**
 * Video encoding with the static ffmpeg of `@ffmpeg-installer/linux-x64` (docs/operations.md
 * "Video encoding"): reading what an upload holds, and making its H.264/AAC MP4 renditions.
 */

/** The ffmpeg binary `npm install` put in node_modules (no system package needed). */
export function ffmpegPath(): string {
  return path.join(
    /* turbopackIgnore: true */ process.cwd(),
    "node_modules",
    "@ffmpeg-installer",
    "linux-x64",
    "ffmpeg",
  );
}

/**
 * An upload is read as a local file only: a playlist disguised as a video (HLS, concat) cannot make
 * ffmpeg open other files or URLs.
 */
const LOCAL_ONLY = ["-protocol_whitelist", "file"];

/** A refusal the owner is shown as the reason a video failed. */
export class EncodeError extends Error {}

/** ffmpeg ended by a signal rather than by itself. */
export class EncoderKilled extends Error {}

export type VideoProbe = {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  fps: number;
  audio: boolean;
  /** The video stream's codec as ffmpeg names it (h264, hevc, prores, vp9…). */
  codec: string;
};

/** Wider or taller sources are refused (8K is the largest a master is exported at). */
const MAX_DIMENSION = 8192;
/** Address-space bound of one ffmpeg process (a 4K H.264 encode stays under it). */
export const ENCODE_MEMORY_MB = 1536;

export const encoderMessages = {
  unreadable: "The file is not a video the encoder can read.",
  noVideo: "The file holds no video stream.",
  tooLong: `The video is longer than ${MAX_VIDEO_SECONDS / 60} minutes.`,
  tooLarge: `The video is larger than ${MAX_DIMENSION} pixels on a side.`,
  failed: "The encoder stopped on an error in the file.",
} as const;

/**
 * The bitrate ladder: rungs named by the shorter side, with a constant-quality encode (CRF 23)
 * capped at `maxrate` kb/s. Motion-graphics footage (flat colour, clean edges) mostly stays well
 * under the cap; the cap bounds a phone's download (480p: 1.2 Mb/s = 1.5 MB per 10 s).
 */
export const LADDER = [
  { height: 480, maxrate: 1200 },
  { height: 720, maxrate: 2500 },
  { height: 1080, maxrate: 5000 },
  { height: 2160, maxrate: 16000 },
] as const;

export type Rung = { height: number; maxrate: number };

/**
 * The rungs a source gets, smallest first: each one its shorter side reaches; a source shorter
 * than the lowest rung gets one rendition at its own size (made even, as H.264 4:2:0 needs).
 */
export function renditionRungs(probe: Pick<VideoProbe, "width" | "height">): Rung[] {
  const side = Math.min(probe.width, probe.height);
  const rungs = LADDER.filter((rung) => rung.height <= side);
  if (rungs.length > 0) return rungs;
  return [{ height: Math.max(2, side - (side % 2)), maxrate: LADDER[0].maxrate }];
}

/**
 * An H.264 MP4 smaller than the lowest rung is served as uploaded: one rendition of the same size
 * would only cost an encode.
 */
export function servedAsUploaded(probe: VideoProbe, file: string): boolean {
  return (
    probe.codec === "h264" &&
    file.endsWith(".mp4") &&
    Math.min(probe.width, probe.height) < LADDER[0].height
  );
}

/** The output size of a rung: the shorter side at the rung's height, the other side even. */
export function renditionSize(probe: Pick<VideoProbe, "width" | "height">, rung: Rung) {
  const landscape = probe.width >= probe.height;
  const long = landscape ? probe.width : probe.height;
  const short = landscape ? probe.height : probe.width;
  const other = Math.round((long * rung.height) / short / 2) * 2;
  return landscape ? { width: other, height: rung.height } : { width: rung.height, height: other };
}

function runFfmpeg(
  args: string[],
  options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Lowest CPU priority and a bounded address space; `exec` keeps one process to kill.
    const script = `ulimit -v ${ENCODE_MEMORY_MB * 1024}; exec nice -n 19 "$@"`;
    const child = spawn("/bin/sh", ["-c", script, "sh", ffmpegPath(), ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // The tail is enough for a reason; a long encode writes a lot.
      stderr = (stderr + chunk).slice(-16_384);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => options.onStdout?.(chunk));
    const abort = () => child.kill("SIGKILL");
    options.signal?.addEventListener("abort", abort, { once: true });
    child.on("error", reject);
    child.on("close", (code) => {
      options.signal?.removeEventListener("abort", abort);
      resolve({ code, stderr });
    });
  });
}

function seconds(hms: string): number {
  const [h, m, s] = hms.split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

const PROBES = Symbol.for("portfolio.videoProbes");
type WithProbes = { [PROBES]?: Map<string, VideoProbe> };
/** Probes kept per process: the videos of the last few minutes, a few hundred bytes each. */
const PROBE_CACHE_SIZE = 64;

/**
 * Reads an upload's duration, size, frame rate and audio from ffmpeg's description of it. Kept per
 * file (device, inode, size and modification time) for the PROBE_CACHE_SIZE files read last: a
 * finished upload is checked, shown in the picker, attached (local storage hard-links it under its
 * key: the same file) and encoded, and each would otherwise start an ffmpeg just to read it.
 */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat) return readProbe(file);
  const key = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const probes = ((globalThis as WithProbes)[PROBES] ??= new Map());
  const known = probes.get(key);
  // Map keeps insertion order: a probe used again moves to the end, the oldest one goes first.
  if (known) probes.delete(key);
  const probe = known ?? (await readProbe(file));
  probes.set(key, probe);
  if (probes.size > PROBE_CACHE_SIZE) probes.delete(probes.keys().next().value!);
  return probe;
}

async function readProbe(file: string): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(["-hide_banner", "-nostdin", ...LOCAL_ONLY, "-i", file]);
  const video = /Stream #\d+:\d+.*?: Video: (.*)/.exec(stderr);
  if (!video) {
    if (/Invalid data|moov atom not found|could not find codec|End of file/i.test(stderr))
      throw new EncodeError(encoderMessages.unreadable);
    if (/Stream #/.test(stderr)) throw new EncodeError(encoderMessages.noVideo);
    throw new EncodeError(encoderMessages.unreadable);
  }
  const size = /, (\d{2,5})x(\d{2,5})/.exec(video[1]!);
  const duration = /Duration: (\d+:\d+:\d+(?:\.\d+)?)/.exec(stderr);
  if (!size || !duration) throw new EncodeError(encoderMessages.unreadable);
  const probe: VideoProbe = {
    duration: seconds(duration[1]!),
    width: Number(size[1]),
    height: Number(size[2]),
    fps: Number(
      /, ([\d.]+) fps/.exec(video[1]!)?.[1] ?? /, ([\d.]+) tbr/.exec(video[1]!)?.[1] ?? 0,
    ),
    audio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
    codec: /^(\w+)/.exec(video[1]!)?.[1] ?? "",
  };
  if (!(probe.duration > 0)) throw new EncodeError(encoderMessages.unreadable);
  if (probe.duration > MAX_VIDEO_SECONDS) throw new EncodeError(encoderMessages.tooLong);
  if (Math.max(probe.width, probe.height) > MAX_DIMENSION)
    throw new EncodeError(encoderMessages.tooLarge);
  return probe;
}

/** The part of the source a rendition keeps, in whole frames of the source's frame rate. */
export type Span = { start: number; frames: number; fps: number };

/**
 * The span an encode keeps: a player the whole video; a loop `trimStart`–`trimEnd` (defaults: the
 * start, and at most MAX_LOOP_SECONDS after it, within the video), both rounded to the nearest
 * frame of the source so the loop's length is exact to a frame.
 */
export function encodeSpan(
  probe: Pick<VideoProbe, "duration" | "fps">,
  loop: { trimStart: number | null; trimEnd: number | null } | null,
): Span {
  // A variable or unknown frame rate reads as 25 (a frame is then 40 ms).
  const fps = probe.fps > 0 && probe.fps <= 240 ? probe.fps : 25;
  const total = Math.max(1, Math.floor(probe.duration * fps + 1e-6));
  if (!loop) return { start: 0, frames: total, fps };
  const first = Math.round((loop.trimStart ?? 0) * fps);
  if (first >= total) throw new EncodeError(trimPastEnd(loop.trimStart ?? 0, probe.duration));
  const wanted =
    loop.trimEnd === null
      ? Math.floor(MAX_LOOP_SECONDS * fps + 1e-6)
      : Math.round(loop.trimEnd * fps) - first;
  return { start: first / fps, frames: Math.max(1, Math.min(wanted, total - first)), fps };
}

export type EncodeOptions = {
  source: string;
  output: string;
  probe: VideoProbe;
  rung: Rung;
  /** Muted, no audio track, only `span`. */
  loop: boolean;
  /** What a loop keeps (encodeSpan); a player keeps the whole video. */
  span?: Span;
  /** 0–1 through this rendition. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Encodes one rendition: H.264 High + AAC (none for a loop) in an MP4 with `+faststart`. */
export async function encodeRendition(options: EncodeOptions): Promise<{ bytes: number }> {
  const { probe, rung } = options;
  const span = options.loop
    ? (options.span ?? encodeSpan(probe, { trimStart: null, trimEnd: null }))
    : { start: 0, frames: 0, fps: 0 };
  const length = options.loop ? span.frames / span.fps : probe.duration;
  const { width, height } = renditionSize(probe, rung);
  const audio = !options.loop && probe.audio;
  // Seeking before the input while transcoding is exact (ffmpeg decodes from the keyframe before
  // and drops what precedes `-ss`); `-frames:v` then ends the loop on its last frame.
  const cut = span.start > 0 ? ["-ss", span.start.toFixed(6)] : [];
  const frames = options.loop ? ["-frames:v", String(span.frames)] : ["-t", length.toFixed(3)];
  const args = [
    ...["-hide_banner", "-nostdin", "-nostats", "-y", ...LOCAL_ONLY, ...cut, "-i", options.source],
    ...[...frames, "-map", "0:v:0", ...(audio ? ["-map", "0:a:0"] : [])],
    ...["-vf", `scale=${width}:${height},format=yuv420p`],
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "23"],
    ...["-maxrate", `${rung.maxrate}k`, "-bufsize", `${rung.maxrate * 2}k`],
    ...(audio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : ["-an"]),
    ...["-sn", "-dn", "-map_metadata", "-1", "-movflags", "+faststart"],
    ...["-progress", "pipe:1", options.output],
  ];
  const { code, stderr } = await runFfmpeg(args, {
    signal: options.signal,
    onStdout: (chunk) => {
      // ffmpeg 4.1 names microseconds out_time_ms.
      const done = /out_time_ms=(\d+)/.exec(chunk.split("\n").reverse().join("\n"));
      if (done) options.onProgress?.(Math.min(1, Number(done[1]) / 1e6 / length));
    },
  });
  if (options.signal?.aborted || code !== 0) await fs.rm(options.output, { force: true });
  if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
  // Killed by a signal (the server stopping, the system out of memory): not the file's fault.
  if (code === null) throw new EncoderKilled();
  if (code !== 0) {
    const reason = stderr.trim().split("\n").at(-1) ?? "";
    throw new EncodeError(`${encoderMessages.failed} (${reason.slice(0, 200)})`);
  }
  return { bytes: (await fs.stat(options.output)).size };
}

/** Darker than this (0–1 of full scale) a pixel counts as black; ffmpeg's default is 0.10. */
const BLACK_PIXEL = 0.1;
/** How far into the video the first non-black frame is looked for. */
const BLACK_SEARCH_SECONDS = 30;

/**
 * The time of the first frame that is not black (ffmpeg's `blackdetect`, on a 160 px copy, over the
 * first 30 s): 0 when the video does not start black, the end of the black lead-in when it does,
 * and 0 again when all of it is black.
 */
export async function firstPictureTime(
  source: string,
  probe: Pick<VideoProbe, "duration">,
  signal?: AbortSignal,
): Promise<number> {
  const { code, stderr } = await runFfmpeg(
    [
      ...[
        "-hide_banner",
        "-nostdin",
        "-nostats",
        ...LOCAL_ONLY,
        "-t",
        String(BLACK_SEARCH_SECONDS),
      ],
      ...["-i", source, "-map", "0:v:0", "-an", "-sn", "-dn"],
      ...["-vf", `scale=160:-2,blackdetect=d=0:pix_th=${BLACK_PIXEL}`, "-f", "null", "-"],
    ],
    { signal },
  );
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
  if (code !== 0) return 0;
  const first = /black_start:([\d.]+) black_end:([\d.]+)/.exec(stderr);
  if (!first || Number(first[1]) > 0.001) return 0;
  const end = Number(first[2]);
  return end < Math.min(probe.duration, BLACK_SEARCH_SECONDS) - 0.001 ? end : 0;
}

/** The widest poster taken from a frame: the site's widest video, a small JPEG. */
const MAX_POSTER_WIDTH = 1920;

/**
 * Writes the frame at `seconds` (within the video: a time past the end takes the last whole frame)
 * as a JPEG scaled by the ffmpeg filter `scale`. Seeking before the input is exact while decoding:
 * ffmpeg decodes from the keyframe before and drops what precedes `-ss`.
 */
export async function extractFrame(
  source: string,
  probe: VideoProbe,
  seconds: number,
  output: string,
  scale: string,
  signal?: AbortSignal,
): Promise<void> {
  const fps = probe.fps > 0 ? probe.fps : 25;
  const at = Math.max(0, Math.min(seconds, probe.duration - 1 / fps));
  const { code, stderr } = await runFfmpeg(
    [
      ...["-hide_banner", "-nostdin", "-nostats", "-y", ...LOCAL_ONLY, "-ss", at.toFixed(6)],
      ...["-i", source, "-map", "0:v:0", "-frames:v", "1", "-an"],
      ...["-vf", scale, "-q:v", "3", output],
    ],
    { signal },
  );
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
  if (code === null) throw new EncoderKilled();
  if (code !== 0 || !(await fs.stat(output).catch(() => null))) {
    const reason = stderr.trim().split("\n").at(-1) ?? "";
    throw new EncodeError(`${encoderMessages.failed} (${reason.slice(0, 200)})`);
  }
}

/**
 * Writes the frame at `seconds` as a JPEG at most 1920 px wide, for the image pipeline
 * (next/image's AVIF/WebP srcset, the blur-up placeholder).
 */
export function extractPoster(
  source: string,
  probe: VideoProbe,
  seconds: number,
  output: string,
  signal?: AbortSignal,
): Promise<void> {
  return extractFrame(
    source,
    probe,
    seconds,
    output,
    `scale='min(${MAX_POSTER_WIDTH},iw)':-2`,
    signal,
  );
}
