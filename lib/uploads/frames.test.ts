import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeColourMaster } from "@/test/helpers/video-masters";

// Every ffmpeg the frames start (a probe, a frame) is a spawn: counted, and still run for real.
vi.mock("node:child_process", async (original) => {
  const actual = await original<typeof import("node:child_process")>();
  return { ...actual, spawn: vi.fn(actual.spawn) };
});
// Test files share their worker's modules (vitest.config.mts): ./frames is loaded afresh, so it
// gets the counted spawn even when an earlier file loaded it with the real one.
vi.resetModules();
const { frameAt, frameStrip } = await import("./frames");
const { probeVideo } = await import("./encode");

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "frames-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The ffmpeg processes started while `work` ran. */
async function spawnsOf(work: () => Promise<unknown>): Promise<number> {
  const before = vi.mocked(spawn).mock.calls.length;
  await work();
  return vi.mocked(spawn).mock.calls.length - before;
}

describe('the picker\'s frames (docs/media.md "Poster and trim")', () => {
  it("probes a file once: a cached strip, each frame after it and the attached file start no probe of their own", async () => {
    const master = makeColourMaster(dir, "colours.mov", { prores: true });
    const cache = path.join(dir, "colours.frames.jpg");
    // The first strip: one probe and a frame per tile.
    expect(await spawnsOf(() => frameStrip(master, cache))).toBe(11);
    // Asked again (the poster's slider and the loop's, another visit): the cached strip, no ffmpeg.
    let again: Awaited<ReturnType<typeof frameStrip>> | undefined;
    expect(await spawnsOf(async () => (again = await frameStrip(master, cache)))).toBe(0);
    expect(again!.probe.duration).toBeCloseTo(3, 1);
    // Each frame at a time is one ffmpeg: the frame itself.
    expect(await spawnsOf(() => frameAt(master, "2.5"))).toBe(1);
    expect(await spawnsOf(() => frameAt(master, "0.5"))).toBe(1);
    // A time past the end is refused from the kept probe, without starting ffmpeg.
    expect(await spawnsOf(() => frameAt(master, "9").catch(() => null))).toBe(0);
    // The file attached under its key (local storage hard-links it) is the same file: not read again.
    const attached = path.join(dir, "attached.mov");
    fs.linkSync(master, attached);
    expect(await spawnsOf(() => probeVideo(attached))).toBe(0);

    // Another file at the same path (replaced: another size or time) is probed again.
    makeColourMaster(dir, "colours.mov", { prores: true, colours: ["blue", "red"] });
    fs.utimesSync(master, new Date(), new Date(Date.now() + 5000));
    const refused = () => expect(frameAt(master, "2.5")).rejects.toMatchObject({ status: 400 });
    expect(await spawnsOf(refused)).toBe(1);
    expect(await spawnsOf(() => frameAt(master, "1.5"))).toBe(1);
  });
});
