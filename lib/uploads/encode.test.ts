import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBadMasters, makeMaster } from "@/test/helpers/video-masters";
import {
  encodeRendition,
  encodeSpan,
  encoderMessages,
  extractPoster,
  firstPictureTime,
  probeVideo,
  renditionRungs,
  renditionSize,
} from "./encode";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "encode-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the rendition ladder", () => {
  it("gives a source the rungs its shorter side reaches, 2160 only from 4K", () => {
    const heights = (width: number, height: number) =>
      renditionRungs({ width, height }).map((rung) => rung.height);
    expect(heights(3840, 2160)).toEqual([480, 720, 1080, 2160]);
    expect(heights(1920, 1080)).toEqual([480, 720, 1080]);
    expect(heights(1280, 720)).toEqual([480, 720]);
    // A phone's portrait clip is laddered by its width.
    expect(heights(1080, 1920)).toEqual([480, 720, 1080]);
    expect(heights(320, 181)).toEqual([180]);
    expect(renditionSize({ width: 1080, height: 1920 }, { height: 720, maxrate: 1 })).toEqual({
      width: 720,
      height: 1280,
    });
  });
});

describe("probe and encode with the packaged ffmpeg", () => {
  it("reads a master and encodes a muted loop and a rendition with sound", async () => {
    const master = makeMaster(dir, "master.mp4", { width: 640, height: 360, seconds: 1 });
    const probe = await probeVideo(master);
    expect(probe).toMatchObject({ width: 640, height: 360, fps: 25, audio: true, codec: "h264" });
    expect(probe.duration).toBeCloseTo(1, 0);

    const progress: number[] = [];
    const output = path.join(dir, "360.mp4");
    const rung = renditionRungs(probe)[0]!;
    const { bytes } = await encodeRendition({
      source: master,
      output,
      probe,
      rung,
      loop: false,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(bytes).toBe(fs.statSync(output).size);
    const out = await probeVideo(output);
    expect(out).toMatchObject({ width: 640, height: 360, audio: true });
    // +faststart: the index (moov) comes before the media data.
    const head = fs.readFileSync(output).subarray(0, 4096).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(Math.max(head.indexOf("mdat"), 4096));
    expect(progress.at(-1)).toBeGreaterThan(0.9);

    const loop = path.join(dir, "loop.mp4");
    await encodeRendition({ source: master, output: loop, probe, rung, loop: true });
    expect((await probeVideo(loop)).audio).toBe(false);
  }, 60_000);

  it("refuses bad files with a reason", async () => {
    const bad = await makeBadMasters(dir);
    // ffmpeg reads a PNG as a one-frame picture without a duration.
    await expect(probeVideo(bad.png)).rejects.toThrow(encoderMessages.unreadable);
    await expect(probeVideo(bad.truncated)).rejects.toThrow(encoderMessages.unreadable);
    await expect(probeVideo(bad.empty)).rejects.toThrow(encoderMessages.unreadable);
    await expect(probeVideo(bad.tenHours)).rejects.toThrow(encoderMessages.tooLong);
  });

  it("stops an encode when aborted and leaves no output", async () => {
    const master = makeMaster(dir, "long.mp4", {
      width: 640,
      height: 360,
      seconds: 5,
      audio: false,
    });
    const probe = await probeVideo(master);
    const output = path.join(dir, "aborted.mp4");
    const controller = new AbortController();
    const run = encodeRendition({
      source: master,
      output,
      probe,
      rung: renditionRungs(probe)[0]!,
      loop: false,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error("stopped")),
    });
    await expect(run).rejects.toThrow("stopped");
    expect(fs.existsSync(output)).toBe(false);
  });
});

describe("poster and trim", () => {
  it("takes the poster from the first non-black frame after a black lead-in", async () => {
    const master = makeMaster(dir, "fade.mp4", {
      width: 320,
      height: 180,
      seconds: 2,
      audio: false,
      blackSeconds: 0.8,
    });
    const probe = await probeVideo(master);
    const at = await firstPictureTime(master, probe);
    // The first frame drawn without the black box: 0.8 s, within one frame (40 ms).
    expect(Math.abs(at - 0.8)).toBeLessThanOrEqual(0.04);
    const poster = path.join(dir, "poster.jpg");
    await extractPoster(master, probe, at, poster);
    const image = sharp(poster);
    expect(await image.metadata()).toMatchObject({ width: 320, height: 180, format: "jpeg" });
    const { channels } = await image.stats();
    expect(Math.max(...channels.slice(0, 3).map((channel) => channel.mean))).toBeGreaterThan(60);
    // A video that does not start black gives its first frame.
    const plain = makeMaster(dir, "plain.mp4", { width: 160, height: 90, seconds: 1 });
    expect(await firstPictureTime(plain, await probeVideo(plain))).toBe(0);
  }, 60_000);

  it("trims a loop to whole frames of the source, muted, without an audio track", async () => {
    const master = makeMaster(dir, "trim.mp4", { width: 320, height: 180, seconds: 3 });
    const probe = await probeVideo(master);
    // 0.53 s and 1.77 s round to frames 13 and 44 at 25 fps: 31 frames, 1.24 s.
    const span = encodeSpan(probe, { trimStart: 0.53, trimEnd: 1.77 });
    expect(span).toEqual({ start: 0.52, frames: 31, fps: 25 });
    const output = path.join(dir, "trimmed.mp4");
    const rung = renditionRungs(probe)[0]!;
    await encodeRendition({ source: master, output, probe, rung, loop: true, span });
    const out = await probeVideo(output);
    expect(out.audio).toBe(false);
    expect(Math.abs(out.duration - 1.24)).toBeLessThanOrEqual(1 / 25);
    // Without a trim a loop keeps the whole of a short video; a start past the end is refused.
    expect(encodeSpan(probe, { trimStart: null, trimEnd: null }).frames).toBe(75);
    expect(() => encodeSpan(probe, { trimStart: 3.5, trimEnd: null })).toThrow(
      /past the end of the video/,
    );
  }, 60_000);
});
