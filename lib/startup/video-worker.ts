import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { TAGS } from "@/lib/cache";
import {
  beatVideoJob,
  claimVideoJob,
  failVideoJob,
  finishVideoJob,
  onVideoJobQueued,
  queueStrandedVideos,
  requeueInterruptedJobs,
  storeJobPoster,
  type ClaimedJob,
} from "@/lib/data/video-jobs";
import { env } from "@/lib/env";
import { createLocalStorage, localPath } from "@/lib/storage/local";
import { deleteMediaQuietly } from "@/lib/storage";
import { storeFramePoster, type FramePoster } from "@/lib/uploads/frame-poster";
import {
  EncodeError,
  EncoderKilled,
  encodeRendition,
  encodeSpan,
  probeVideo,
  renditionRungs,
  renditionSize,
  servedAsUploaded,
} from "@/lib/uploads/encode";
import { MAX_LOOP_SECONDS } from "@/lib/validation/video-timing";
import type { VideoJobRow, VideoRendition } from "@/models";
import { expireTagsFromBackground } from "./instance-sync";
import { isShuttingDown } from "./lifecycle";

/**
 * Encodes uploaded videos one at a time in the background (docs/architecture.md "Video
 * encoding"): claims a job, writes its renditions beside the upload, and hands them to the section
 * only if it still holds that upload. A job dropped or replaced meanwhile is noticed on the next
 * heartbeat: ffmpeg is killed and what it made is deleted.
 */

/** How often a running job renews its claim and checks it still stands. */
const HEARTBEAT_MS = 1000;
/** Jobs queued by another server (PostgreSQL) are found this often; this server's at once. */
const POLL_MS = 5000;
/** Videos left awaiting their encode without a job are looked for this often (and at the start). */
const STRANDED_SWEEP_MS = 60_000;

class Dropped extends Error {}

/** Where renditions are written before they are stored: DATA_DIR/encoding/<job id>. */
const encodingDir = (dataDir: string) => path.join(/* turbopackIgnore: true */ dataDir, "encoding");

const state = {
  busy: false,
  again: false,
  timer: null as NodeJS.Timeout | null,
  /** When the last look for stranded videos began (0: not yet). */
  sweptAt: 0,
};

/**
 * The cached pages a job's result shows on: the project's pages, for a cover loop the gallery
 * lists too (docs/media.md "Cover loops"), for the showreel (no project) the Reel page.
 */
const pagesOf = (job: VideoJobRow, projectId: string | null) =>
  !projectId
    ? [TAGS.settings]
    : job.projectId
      ? [TAGS.project(projectId), TAGS.projects]
      : [TAGS.project(projectId)];

/** Expires the pages that show what a job stored, then deletes the files it replaced there. */
async function showOnPages(job: VideoJobRow, projectId: string | null, replacedKeys: string[]) {
  await expireTagsFromBackground(pagesOf(job, projectId)).catch((error: unknown) =>
    console.error(`Video job ${job.id}: pages not expired:`, error),
  );
  await deleteMediaQuietly(replacedKeys);
}

/** The reason shown when something other than the file stopped the encoder. */
const UNEXPECTED = "The encoder stopped unexpectedly; retry the video.";

async function runJob(job: ClaimedJob): Promise<void> {
  const { DATA_DIR, KEEP_MASTERS } = env();
  const storage = createLocalStorage(DATA_DIR);
  const source = localPath(DATA_DIR, job.sourceKey);
  const work = path.join(/* turbopackIgnore: true */ encodingDir(DATA_DIR), job.id);
  const controller = new AbortController();
  const stored: VideoRendition[] = [];
  let poster: FramePoster | null = null;
  let progress = 0;
  const beat = setInterval(() => {
    beatVideoJob(job, Math.round(progress * 100)).then(
      (kept) => kept || controller.abort(new Dropped()),
      () => {},
    );
  }, HEARTBEAT_MS);
  try {
    if (!source) throw new EncodeError(UNEXPECTED);
    const probe = await probeVideo(source);
    await fs.mkdir(work, { recursive: true });
    const span = job.loop ? encodeSpan(probe, job) : undefined;
    const trimmed = job.loop && (job.trimStart !== null || job.trimEnd !== null);
    // A loop's file is served as uploaded only when it is a loop already: silent and short.
    const loopReady = !job.loop || (!probe.audio && probe.duration <= MAX_LOOP_SECONDS);
    const asUploaded = servedAsUploaded(probe, source) && !trimmed && loopReady;
    const rungs = asUploaded ? [] : renditionRungs(probe);
    if (job.posterFromVideo) {
      poster = await storeFramePoster(
        source,
        probe,
        job.posterTime,
        work,
        storage,
        controller.signal,
      ).catch((error: unknown) => {
        // The first non-black picture is a default, not a frame the owner asked for: without it
        // the still stays and the renditions are still made.
        if (job.posterTime !== null || !(error instanceof EncodeError)) throw error;
        console.error(`No poster frame taken from ${job.sourceKey} (${error.message}).`);
        return null;
      });
    }
    if (poster) {
      // The page shows the frame while the renditions encode; the section owns its file then.
      const shown = await storeJobPoster(job, poster);
      if (!shown) await storage.delete(poster.key).catch(() => {});
      poster = null;
      if (shown) await showOnPages(job, shown.projectId, shown.replacedKeys);
    }
    for (const [index, rung] of rungs.entries()) {
      const output = path.join(/* turbopackIgnore: true */ work, `${rung.height}.mp4`);
      const { bytes } = await encodeRendition({
        source,
        output,
        probe,
        rung,
        loop: job.loop,
        span,
        signal: controller.signal,
        onProgress: (fraction) => (progress = (index + fraction) / rungs.length),
      });
      if (controller.signal.aborted) throw controller.signal.reason;
      const size = renditionSize(probe, rung);
      const media = await storage.put({
        path: output,
        temporary: true,
        contentType: "video/mp4",
        kind: "video",
        ...size,
      });
      stored.push({ url: media.url, key: media.key, type: "video/mp4", ...size, bytes });
    }
    const { size: bytes } = await fs.stat(source);
    const meta = { ...probe, bytes };
    const done = await finishVideoJob(job, stored, meta, KEEP_MASTERS);
    if (!done) throw new Dropped();
    // The section now plays these renditions: what follows may fail without undoing that.
    const renditions = stored.splice(0).length;
    if (!KEEP_MASTERS && renditions > 0)
      await storage
        .delete(job.sourceKey)
        .catch((error: unknown) =>
          console.error(`Video job ${job.id}: master not deleted:`, error),
        );
    // The renditions of an earlier encode of the same video, once pages name the new.
    await showOnPages(job, done.projectId, done.replacedKeys);
  } catch (error) {
    const made = [...stored.map((media) => media.key), ...(poster ? [poster.key] : [])];
    await Promise.all(made.map((key) => storage.delete(key).catch(() => {})));
    if (error instanceof Dropped || controller.signal.aborted) return;
    // A stop sends its signal to ffmpeg too, maybe before this process has seen it: the job is
    // left running, to be queued again at the next start (or taken over on PostgreSQL).
    if (error instanceof EncoderKilled) await new Promise((resolve) => setTimeout(resolve, 1000));
    if (isShuttingDown()) return;
    if (!(error instanceof EncodeError))
      console.error(`Video job ${job.id} stopped on an error:`, error);
    const reason = error instanceof EncodeError ? error.message : UNEXPECTED;
    const failed = await failVideoJob(job, reason);
    if (failed) await expireTagsFromBackground(pagesOf(job, failed.projectId));
  } finally {
    clearInterval(beat);
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Looks for videos left awaiting their encode without a job (queueStrandedVideos) at the start and
 * then at most once a minute, between jobs too; what it queues is claimed in turn.
 */
async function sweepIfDue(): Promise<void> {
  if (Date.now() - state.sweptAt < STRANDED_SWEEP_MS) return;
  state.sweptAt = Date.now();
  await queueStrandedVideos().catch((error: unknown) =>
    console.error("Videos left without their job were not looked for:", error),
  );
}

/** Runs queued jobs until none is left; a call while running asks for one more look. */
async function drain(): Promise<void> {
  if (state.busy) {
    state.again = true;
    return;
  }
  state.busy = true;
  try {
    do {
      state.again = false;
      await sweepIfDue();
      for (let job = await claimVideoJob(); job; job = await claimVideoJob()) {
        await runJob(job);
        await sweepIfDue();
      }
    } while (state.again);
  } catch (error) {
    console.error("The video encoding queue could not be read:", error);
  } finally {
    state.busy = false;
  }
}

/**
 * Starts the worker: on the embedded database a job left running by a stopped server is queued
 * again first (only this process uses it); on PostgreSQL a stale heartbeat hands it over instead.
 */
export async function startVideoWorker(): Promise<void> {
  if (state.timer) return;
  if (!env().DATABASE_URL) {
    // What a stopped encode left in DATA_DIR/tmp (a restarted job starts afresh).
    const tmp = path.join(/* turbopackIgnore: true */ env().DATA_DIR, "tmp");
    const entries = await fs.readdir(tmp).catch(() => []);
    for (const name of entries.filter((entry) => entry.startsWith("encode-")))
      await fs.rm(path.join(/* turbopackIgnore: true */ tmp, name), {
        recursive: true,
        force: true,
      });
    await requeueInterruptedJobs();
  }
  onVideoJobQueued(() => void drain());
  state.timer = setInterval(() => void drain(), POLL_MS);
  state.timer.unref();
  void drain();
}
