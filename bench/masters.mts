// The masters the motion-media phases send through the product's encoder, made with the project's
// ffmpeg as the tests make theirs (test/helpers/video-masters.ts): a 10 s 1080p ProRes 422 .mov
// (bench/encode.mts), an H.264 4K 5 s mp4 for a loop (bench/phone-loop.mts) and a 1-second
// 160 × 90 mp4, the head of the resumed 1 GB upload (bench/resumable.mts). `npm run bench` makes
// them in a child process while `next build` runs (`makeMastersAside`), so their minutes of
// encoding neither block the run's signal handling nor add to its time.
import path from "node:path";
import { makeMaster, makeProresMaster } from "../test/helpers/video-masters.ts";
import { runToEnd } from "./stop.mts";

/**
 * Both on `testsrc2` (gradients and moving shapes): `testsrc`'s flat colours encode to almost
 * nothing (its 4K 5 s master was 0.26 MB, under the phone's budget as uploaded).
 */
export const PRORES_MASTER = {
  width: 1920,
  height: 1080,
  seconds: 10,
  pattern: "testsrc2",
} as const;
export const LOOP_MASTER = { width: 3840, height: 2160, seconds: 5, pattern: "testsrc2" } as const;

/** The masters' paths in `dir`. */
export const mastersIn = (dir: string) => ({
  prores: path.join(dir, "Master 1080p.mov"),
  loop: path.join(dir, "Loop 4K.mp4"),
  head: path.join(dir, "Resumed head.mp4"),
});

/** Makes the three masters into `dir` (synchronously: ffmpeg runs for minutes on a busy machine). */
export function makeMasters(dir: string): void {
  const files = mastersIn(dir);
  makeProresMaster(dir, path.basename(files.prores), PRORES_MASTER);
  makeMaster(dir, path.basename(files.loop), LOOP_MASTER);
  makeMaster(dir, path.basename(files.head), { width: 160, height: 90, seconds: 1, audio: false });
}

/** Makes them in a child process (this module run as a script); resolves once it is done. */
export function makeMastersAside(root: string, dir: string): Promise<void> {
  return runToEnd(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(root, "bench/masters.mts"), dir],
    { cwd: root, env: process.env },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) makeMasters(process.argv[2]!);
