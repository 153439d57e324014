import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The ffmpeg the product encodes with (lib/uploads/encode.ts). */
const FFMPEG = path.resolve("node_modules/@ffmpeg-installer/linux-x64/ffmpeg");

/**
 * ffmpeg's test patterns: `testsrc` (flat colours, a few moving digits: compresses to almost
 * nothing) or `testsrc2` (gradients and moving shapes: an encode's sizes and times closer to a
 * motion designer's footage; docs/media.md measured on it).
 */
export type MasterPattern = "testsrc" | "testsrc2";

/**
 * Writes a real H.264 master made from ffmpeg's test pattern (with a sine tone unless `audio` is
 * false) into `dir`; returns its path. `blackSeconds` covers its start in black (a fade-in's
 * lead-in). `hevc`: HEVC instead (x265 `ultrafast`, tagged `hvc1`), which no page plays as uploaded.
 */
export function makeMaster(
  dir: string,
  name: string,
  {
    width,
    height,
    seconds,
    audio = true,
    blackSeconds = 0,
    pattern = "testsrc",
    hevc = false,
  }: {
    width: number;
    height: number;
    seconds: number;
    audio?: boolean;
    blackSeconds?: number;
    pattern?: MasterPattern;
    hevc?: boolean;
  },
): string {
  const file = path.join(dir, name);
  const black = `,drawbox=color=black:t=fill:enable='lt(t,${blackSeconds})'`;
  execFileSync(FFMPEG, [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...[
      "-f",
      "lavfi",
      "-i",
      `${pattern}=size=${width}x${height}:rate=25${blackSeconds ? black : ""}`,
    ],
    ...(audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"] : []),
    ...["-t", String(seconds), "-c:v", hevc ? "libx265" : "libx264", "-preset", "ultrafast"],
    ...(hevc ? ["-x265-params", "log-level=error", "-tag:v", "hvc1"] : []),
    ...["-pix_fmt", "yuv420p"],
    ...(audio ? ["-c:a", "aac"] : []),
    file,
  ]);
  return file;
}

/** The bad uploads of docs/spec.md "Video encoding": each one must be refused with a reason. */
export async function makeBadMasters(dir: string) {
  const master = makeMaster(dir, "good.mp4", { width: 160, height: 90, seconds: 1, audio: false });
  const bytes = fs.readFileSync(master);
  const png = path.join(dir, "picture.mov");
  const sharp = (await import("sharp")).default;
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .png()
    .toFile(png);
  const truncated = path.join(dir, "truncated.mp4");
  fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
  const empty = path.join(dir, "empty.mp4");
  fs.writeFileSync(empty, "");
  // Every duration field of the header (movie, track, media) says 10 hours.
  const long = Buffer.from(bytes);
  for (const box of ["mvhd", "tkhd", "mdhd"]) {
    for (let at = long.indexOf(box); at >= 0; at = long.indexOf(box, at + 1)) {
      if (box === "tkhd") long.writeUInt32BE(36000 * 1000, at + 24);
      else long.writeUInt32BE(long.readUInt32BE(at + 16) * 36000, at + 20);
    }
  }
  const tenHours = path.join(dir, "ten-hours.mp4");
  fs.writeFileSync(tenHours, long);
  return { png, truncated, empty, tenHours };
}

/** A ProRes 422 master in a QuickTime .mov (what a motion designer exports), with a tone. */
export function makeProresMaster(
  dir: string,
  name: string,
  {
    width,
    height,
    seconds,
    pattern = "testsrc",
  }: { width: number; height: number; seconds: number; pattern?: MasterPattern },
): string {
  const file = path.join(dir, name);
  execFileSync(FFMPEG, [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `${pattern}=size=${width}x${height}:rate=25`],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", String(seconds), "-c:v", "prores_ks", "-profile:v", "2", "-c:a", "pcm_s16le"],
    file,
  ]);
  return file;
}

/**
 * Writes an H.264/AAC master (a sine tone) that shows one flat colour per second (red, green, blue
 * by default), so a poster or a trimmed loop can be told apart by its colour; returns its path.
 * `prores`: ProRes 422 with PCM audio instead (name it .mov), which browsers cannot decode;
 * `hevc`: HEVC (x265, tagged `hvc1` as phones and exporters write it) in an mp4, which Chromium
 * without a hardware decoder plays as sound only.
 */
export function makeColourMaster(
  dir: string,
  name: string,
  {
    colours = ["red", "lime", "blue"],
    width = 640,
    height = 360,
    prores = false,
    hevc = false,
  } = {},
): string {
  const file = path.join(dir, name);
  const inputs = colours.flatMap((colour) => [
    ...["-f", "lavfi", "-i", `color=c=${colour}:size=${width}x${height}:rate=25:duration=1`],
  ]);
  const streams = colours.map((_, index) => `[${index}:v]`).join("");
  const tone = `sine=frequency=440:sample_rate=44100:duration=${colours.length}`;
  execFileSync(FFMPEG, [
    ...["-hide_banner", "-loglevel", "error", "-y", ...inputs, "-f", "lavfi", "-i", tone],
    ...["-filter_complex", `${streams}concat=n=${colours.length}:v=1:a=0[v]`, "-map", "[v]"],
    ...["-map", `${colours.length}:a`],
    ...(prores
      ? ["-c:v", "prores_ks", "-profile:v", "2", "-c:a", "pcm_s16le"]
      : hevc
        ? ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1"]
        : ["-c:v", "libx264", "-preset", "ultrafast"]),
    ...(prores ? [] : ["-pix_fmt", "yuv420p", "-c:a", "aac"]),
    file,
  ]);
  return file;
}
