import "server-only";
import { and, eq, isNotNull, lt, ne, notExists, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb, type Db, type Tx } from "@/lib/db";
import { isLocalKey } from "@/lib/storage/local";
import type { StoredMedia } from "@/lib/storage/types";
import {
  projects,
  sections,
  videoJobs,
  type ProjectRow,
  type SectionRow,
  type VideoJobRow,
  type VideoMeta,
  type VideoRendition,
} from "@/models";
import { isId, newId } from "./ids";
import type { SectionInput } from "./sections";
import { lockSettings, SETTINGS_KEY, updateReelVideoIn } from "./settings";

/**
 * The video encoding queue (docs/architecture.md "Video encoding"). A section's uploaded video
 * on local disk gets one job, and so do a project's cover loop (docs/media.md "Cover loops") and
 * the uploaded showreel (docs/media.md "The showreel"); the worker (lib/startup/video-worker.ts)
 * claims it, and its result is written only while the section (project, settings) still holds
 * the file the job encodes, so an edit or a delete at any moment wins.
 */

/** Whose video a job encodes: a section's, a project's cover loop, or the showreel. */
export type VideoOwner = { sectionId: string } | { projectId: string } | { reel: true };

/** The showreel's owner value. */
export const REEL: VideoOwner = { reel: true };

/** The job column that names an owner, with its value there. */
function jobOwner(owner: VideoOwner) {
  if ("sectionId" in owner)
    return {
      column: videoJobs.sectionId,
      id: owner.sectionId,
      values: { sectionId: owner.sectionId },
    };
  if ("projectId" in owner)
    return {
      column: videoJobs.projectId,
      id: owner.projectId,
      values: { projectId: owner.projectId },
    };
  return { column: videoJobs.settingsKey, id: SETTINGS_KEY, values: { settingsKey: SETTINGS_KEY } };
}
function ofOwner(owner: VideoOwner) {
  const { column, id } = jobOwner(owner);
  return eq(column, id);
}
/** Whether an owner's id is well formed (a section or project id from a URL; the showreel's). */
const validOwner = (owner: VideoOwner) => "reel" in owner || isId(jobOwner(owner).id);

/** A server that stopped renewing a running job's heartbeat this long ago died: the job is taken over. */
export const STALE_JOB_SECONDS = 60;

const WAKE = Symbol.for("portfolio.videoJobs.wake");
type WithWake = { [WAKE]?: () => void };

/** Called by the worker of this process: runs when a job is queued here. */
export function onVideoJobQueued(wake: () => void): void {
  (globalThis as WithWake)[WAKE] = wake;
}

/**
 * The section columns of a newly stored video: encoded when on local disk; what was read of it
 * (by ffmpeg here; on Cloudinary by Cloudinary, whose renditions it names,
 * lib/uploads/cloudinary-video.ts).
 */
export function newVideoColumns(
  video: Pick<StoredMedia, "key" | "video">,
): Pick<SectionInput, "videoStatus" | "videoError" | "videoRenditions" | "videoMeta"> {
  return {
    videoStatus: isLocalKey(video.key) ? "processing" : null,
    videoError: null,
    videoRenditions: [],
    videoMeta: video.video ?? null,
  };
}

/**
 * Queues the encoding of a section's video or a project's cover loop (the showreel's: syncReelJob),
 * replacing the job of a video it held before (a running one sees it on its next heartbeat and
 * stops).
 */
export async function queueVideoJob(owner: VideoOwner, sourceKey: string): Promise<void> {
  await upsertJob(await getDb(), owner, sourceKey);
  (globalThis as WithWake)[WAKE]?.();
}

/** Inserts `owner`'s job for `sourceKey`, or makes its existing one that, queued afresh. */
async function upsertJob(db: Db | Tx, owner: VideoOwner, sourceKey: string): Promise<void> {
  const { column, values } = jobOwner(owner);
  await db
    .insert(videoJobs)
    .values({ id: newId(), ...values, sourceKey })
    .onConflictDoUpdate({
      target: column,
      set: {
        sourceKey,
        state: "queued",
        progress: 0,
        error: null,
        attempts: 0,
        heartbeatAt: null,
        createdAt: sql`now()`,
      },
    });
}

/** Drops a section's, cover loop's or showreel's job (its video was removed or is no longer encoded). */
export async function dropVideoJob(owner: VideoOwner): Promise<void> {
  const db = await getDb();
  await db.delete(videoJobs).where(ofOwner(owner));
}

/** What the encoder makes of a video besides its file (docs/media.md "Poster and trim"). */
type EncodingChoices = Pick<
  SectionRow,
  "videoPlayback" | "posterFromVideo" | "posterTime" | "trimStart" | "trimEnd"
>;

/**
 * Whether an edit of a kept video changes what its encode makes: player or loop, the loop's trim,
 * or the frame its poster is taken from (a poster the owner uploads instead needs no encode).
 */
export function encodingChanged(before: EncodingChoices, after: EncodingChoices): boolean {
  return (
    (before.videoPlayback === "loop") !== (after.videoPlayback === "loop") ||
    before.trimStart !== after.trimStart ||
    before.trimEnd !== after.trimEnd ||
    (after.posterFromVideo && (!before.posterFromVideo || before.posterTime !== after.posterTime))
  );
}

type HeldVideo = EncodingChoices & { videoKey: string | null; videoStatus: string | null };

/**
 * Keeps the queue in step with a video after a write: a new video being processed is queued,
 * and so is a kept one whose encoding choices changed (it is encoded again from its file); a
 * removed or replaced one's job dropped.
 */
async function syncJob(owner: VideoOwner, before: HeldVideo | null, after: HeldVideo) {
  if (before && before.videoKey === after.videoKey && !encodingChanged(before, after)) return;
  try {
    if (after.videoKey && after.videoStatus === "processing")
      await queueVideoJob(owner, after.videoKey);
    else if (before) await dropVideoJob(owner);
  } catch (error) {
    syncFailed(error);
  }
}

/**
 * A save's job not written after its commit: the save stands (its answer, file clean-up and page
 * expiry go on), and the worker's next sweep (queueStrandedVideos) queues the video; a job left for
 * a removed video finds its file gone and is dropped when it runs.
 */
function syncFailed(error: unknown): false {
  console.error("The encoding queue was not updated (the worker's next sweep will be):", error);
  return false;
}

/** syncJob for a section. */
export function syncVideoJob(
  before: HeldVideo | null,
  after: HeldVideo & { id: string },
): Promise<void> {
  return syncJob({ sectionId: after.id }, before, after);
}

/** A project's cover loop as the encoder sees it: a loop, its poster the project's cover still. */
export function coverLoopChoices(
  project: Pick<
    ProjectRow,
    "coverVideoKey" | "coverVideoStatus" | "coverTrimStart" | "coverTrimEnd"
  >,
): HeldVideo {
  return {
    videoKey: project.coverVideoKey,
    videoStatus: project.coverVideoStatus,
    videoPlayback: "loop",
    posterFromVideo: false,
    posterTime: null,
    trimStart: project.coverTrimStart,
    trimEnd: project.coverTrimEnd,
  };
}

/**
 * Makes the showreel's job match the settings after a save, under the settings row's lock: the
 * uploaded video they hold while it awaits encoding has a job for that file, and any other job is
 * dropped (a running encode stops at its next heartbeat). Reading the settings under the lock
 * rather than taking the save's result, two saves that end in either order leave the job of the
 * one saved last.
 */
export async function syncReelJob(): Promise<boolean> {
  const db = await getDb();
  const queued = await db
    .transaction(async (tx) => {
      // The job's row first, then the settings' row: the order of the worker's finish and fail and
      // of a retry, so on PostgreSQL none of them deadlocks with this.
      const [job] = await tx
        .select({ sourceKey: videoJobs.sourceKey })
        .from(videoJobs)
        .where(ofOwner(REEL))
        .for("update");
      const settings = await lockSettings(tx);
      // The job of the video the settings hold stays as it is: queued, running, or failed (to retry).
      if (job && job.sourceKey === settings?.showreelVideoKey) return false;
      const key = settings?.showreelVideoStatus === "processing" ? settings.showreelVideoKey : null;
      if (!key) {
        if (job) await tx.delete(videoJobs).where(ofOwner(REEL));
        return false;
      }
      if (job) {
        await upsertJob(tx, REEL, key);
        return true;
      }
      // No row to lock: another server may be inserting the same job; the first one stays.
      const inserted = await tx
        .insert(videoJobs)
        .values({ id: newId(), ...jobOwner(REEL).values, sourceKey: key })
        .onConflictDoNothing()
        .returning({ id: videoJobs.id });
      return inserted.length > 0;
    })
    .catch(syncFailed);
  if (queued) (globalThis as WithWake)[WAKE]?.();
  return queued;
}

/** syncJob for a project's cover loop. */
export function syncCoverJob(before: ProjectRow | null, after: ProjectRow): Promise<void> {
  return syncJob(
    { projectId: after.id },
    before && coverLoopChoices(before),
    coverLoopChoices(after),
  );
}

/**
 * A section or project written this recently may still have its save's own syncJob to come: the
 * sweep leaves it alone.
 */
const STRANDED_AFTER_SECONDS = 30;

/**
 * Queues every video left awaiting its encode without a live job of its file: a save's job is
 * written after its commit (syncJob), so a server stopped, or a database error, between the two
 * left the video "processing" for good, with no job or with the job of an earlier file or encode
 * (a failure, which nothing retries). Sections and cover loops not written for
 * STRANDED_AFTER_SECONDS get their file's job (queued afresh: a running encode of another file stops
 * at its next heartbeat); the showreel is reconciled under its lock (syncReelJob). Run by the worker
 * at its start and between jobs, at most once a minute (docs/media.md "Video encoding"). How many
 * jobs it queued.
 */
export async function queueStrandedVideos(): Promise<number> {
  const db = await getDb();
  const quiet = sql`now() - make_interval(secs => ${STRANDED_AFTER_SECONDS})`;
  /** No job of `owner`'s file that is queued or encoding. */
  const noLiveJob = (column: AnyPgColumn, id: AnyPgColumn, key: AnyPgColumn) =>
    notExists(
      db
        .select({ id: videoJobs.id })
        .from(videoJobs)
        .where(and(eq(column, id), eq(videoJobs.sourceKey, key), ne(videoJobs.state, "failed"))),
    );
  const stranded: { owner: VideoOwner; key: string }[] = [
    ...(
      await db
        .select({ id: sections.id, key: sections.videoKey })
        .from(sections)
        .where(
          and(
            eq(sections.videoStatus, "processing"),
            isNotNull(sections.videoKey),
            lt(sections.updatedAt, quiet),
            noLiveJob(videoJobs.sectionId, sections.id, sections.videoKey),
          ),
        )
    ).map(({ id, key }) => ({ owner: { sectionId: id }, key: key! })),
    ...(
      await db
        .select({ id: projects.id, key: projects.coverVideoKey })
        .from(projects)
        .where(
          and(
            eq(projects.coverVideoStatus, "processing"),
            isNotNull(projects.coverVideoKey),
            lt(projects.updatedAt, quiet),
            noLiveJob(videoJobs.projectId, projects.id, projects.coverVideoKey),
          ),
        )
    ).map(({ id, key }) => ({ owner: { projectId: id }, key: key! })),
  ];
  let queued = 0;
  for (const { owner, key } of stranded) {
    // One at a time: a section or project deleted meanwhile (its row gone) skips only itself.
    await upsertJob(db, owner, key).then(
      () => (queued += 1),
      (error: unknown) => console.error("A video left without its job was not queued:", error),
    );
  }
  if (await syncReelJob()) queued += 1;
  if (queued > 0) {
    console.info(`Queued ${queued} video(s) left awaiting their encode without a job.`);
    (globalThis as WithWake)[WAKE]?.();
  }
  return queued;
}

/** A job with its section's encoding choices, read when it is claimed. */
export type ClaimedJob = VideoJobRow & {
  loop: boolean;
  posterFromVideo: boolean;
  posterTime: number | null;
  trimStart: number | null;
  trimEnd: number | null;
};

/**
 * Takes the oldest waiting job (or one whose server stopped renewing it) for this server: on
 * PostgreSQL with several servers `FOR UPDATE SKIP LOCKED` gives each job to exactly one.
 */
export async function claimVideoJob(): Promise<ClaimedJob | null> {
  const db = await getDb();
  const result = await db.execute(sql`
    update video_jobs set state = 'encoding', attempts = attempts + 1, progress = 0,
      heartbeat_at = now()
    where id = (
      select id from video_jobs
      where state = 'queued'
        or (state = 'encoding' and heartbeat_at < now() - make_interval(secs => ${STALE_JOB_SECONDS}))
      order by created_at, id
      limit 1
      for update skip locked
    )
    returning id, section_id as "sectionId", project_id as "projectId",
      settings_key as "settingsKey", source_key as "sourceKey",
      state, progress, error, attempts, heartbeat_at as "heartbeatAt", created_at as "createdAt",
      coalesce(
        (select video_playback = 'loop' from sections where sections.id = video_jobs.section_id),
        project_id is not null) as "loop",
      coalesce(
        (select row_to_json(choices) from (
          select poster_from_video as "posterFromVideo", poster_time as "posterTime",
            trim_start as "trimStart", trim_end as "trimEnd"
          from sections where sections.id = video_jobs.section_id) choices),
        (select row_to_json(choices) from (
          select cover_trim_start as "trimStart", cover_trim_end as "trimEnd"
          from projects where projects.id = video_jobs.project_id) choices)) as "choices"`);
  type Row = VideoJobRow & { loop: boolean | null; choices: Partial<ClaimedJob> | null };
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) return null;
  const { choices, ...job } = row;
  return {
    ...job,
    loop: Boolean(job.loop),
    posterFromVideo: Boolean(choices?.posterFromVideo),
    posterTime: choices?.posterTime ?? null,
    trimStart: choices?.trimStart ?? null,
    trimEnd: choices?.trimEnd ?? null,
  };
}

const running = (job: VideoJobRow) =>
  and(
    eq(videoJobs.id, job.id),
    eq(videoJobs.sourceKey, job.sourceKey),
    eq(videoJobs.state, "encoding"),
  );

/** Renews a running job and records its progress; false when it was dropped or replaced (stop). */
export async function beatVideoJob(job: VideoJobRow, progress: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(videoJobs)
    .set({ progress, heartbeatAt: sql`now()` })
    .where(running(job))
    .returning({ id: videoJobs.id });
  return rows.length > 0;
}

/**
 * Puts the poster the encoder took from a frame on the job's section as soon as it is made, so
 * the page shows it while the renditions encode (docs/media.md "Until the renditions are ready"):
 * only while the job runs, the section holds its video and still asks for the frame (a poster the
 * owner uploaded meanwhile wins). Null when not stored (the file is the caller's to delete); else
 * the section's project and the earlier poster's key, the caller's to delete once pages name the new.
 */
export async function storeJobPoster(
  job: VideoJobRow,
  poster: { url: string; key: string; placeholder: string | null },
): Promise<{ projectId: string; replacedKeys: string[] } | null> {
  const { sectionId } = job;
  if (!sectionId) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ id: videoJobs.id })
      .from(videoJobs)
      .where(running(job))
      .for("update");
    if (!kept) return null;
    const wanted = and(
      eq(sections.id, sectionId),
      eq(sections.videoKey, job.sourceKey),
      eq(sections.posterFromVideo, true),
    );
    const [before] = await tx
      .select({ posterKey: sections.posterKey })
      .from(sections)
      .where(wanted)
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(sections)
      .set({ posterUrl: poster.url, posterKey: poster.key, posterPlaceholder: poster.placeholder })
      .where(wanted)
      .returning({ projectId: sections.projectId });
    if (!row) return null;
    return { projectId: row.projectId, replacedKeys: before.posterKey ? [before.posterKey] : [] };
  });
}

/** An owner's video fields under neutral names (a section's `video…`, a cover loop's `coverVideo…`, the showreel's `showreelVideo…`). */
type VideoWrite = {
  status: "processing" | "ready" | "failed";
  error: string | null;
  renditions?: VideoRendition[];
  meta?: VideoMeta;
  /** The file the video becomes (its largest rendition when masters are not kept). */
  file?: Pick<VideoRendition, "url" | "key">;
};

type JobOwnerRow = Pick<VideoJobRow, "sectionId" | "projectId" | "settingsKey" | "sourceKey">;

/**
 * Within `tx`, writes `write` to the video of `job`'s owner (its row locked) while the owner still
 * holds the job's file; null, nothing written, when it holds another (replaced or removed
 * meanwhile: that edit wins). Else the project whose pages show the video (null for the showreel)
 * and, when renditions are written, the files of the earlier ones no longer held (the caller's to
 * delete once committed).
 */
async function writeOwnerVideo(
  tx: Tx,
  job: JobOwnerRow,
  write: VideoWrite,
): Promise<{ projectId: string | null; replacedKeys: string[] } | null> {
  const { status, error, renditions, meta, file } = write;
  const replaced = (before: VideoRendition[], held: string | null) =>
    renditions ? before.map((rendition) => rendition.key).filter((key) => key !== held) : [];
  if (job.settingsKey) {
    const saved = await updateReelVideoIn(tx, job.sourceKey, () => ({
      showreelVideoStatus: status,
      showreelVideoError: error,
      ...(renditions && { showreelVideoRenditions: renditions }),
      ...(meta && { showreelVideoMeta: meta }),
      ...(file && { showreelVideoUrl: file.url, showreelVideoKey: file.key }),
    }));
    if (!saved) return null;
    const { before, after } = saved;
    return {
      projectId: null,
      replacedKeys: replaced(before.showreelVideoRenditions, after.showreelVideoKey),
    };
  }
  if (job.projectId) {
    const cover = and(eq(projects.id, job.projectId), eq(projects.coverVideoKey, job.sourceKey));
    const [before] = await tx
      .select({ renditions: projects.coverVideoRenditions })
      .from(projects)
      .where(cover)
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(projects)
      .set({
        coverVideoStatus: status,
        coverVideoError: error,
        ...(renditions && { coverVideoRenditions: renditions }),
        ...(meta && { coverVideoMeta: meta }),
        ...(file && { coverVideoUrl: file.url, coverVideoKey: file.key }),
      })
      .where(cover)
      .returning({ videoKey: projects.coverVideoKey });
    if (!row) return null;
    return { projectId: job.projectId, replacedKeys: replaced(before.renditions, row.videoKey) };
  }
  if (!job.sectionId) return null;
  const held = and(eq(sections.id, job.sectionId), eq(sections.videoKey, job.sourceKey));
  const [before] = await tx
    .select({ renditions: sections.videoRenditions })
    .from(sections)
    .where(held)
    .for("update");
  if (!before) return null;
  const [row] = await tx
    .update(sections)
    .set({
      videoStatus: status,
      videoError: error,
      ...(renditions && { videoRenditions: renditions }),
      ...(meta && { videoMeta: meta }),
      ...(file && { videoUrl: file.url, videoKey: file.key }),
    })
    .where(held)
    .returning({ projectId: sections.projectId, videoKey: sections.videoKey });
  if (!row) return null;
  return { projectId: row.projectId, replacedKeys: replaced(before.renditions, row.videoKey) };
}

/**
 * Writes a finished job's renditions to its section (cover loop, showreel) and removes the job, in
 * one transaction; null (nothing written) when the job was dropped or the section holds another
 * video now. Without `keepMaster` the section's video becomes its largest rendition (a video
 * served as uploaded, without renditions, keeps its file). Else the project whose pages show it
 * (null for the showreel), and the files of an earlier encode it replaced.
 */
export async function finishVideoJob(
  job: VideoJobRow,
  renditions: VideoRendition[],
  meta: VideoMeta,
  keepMaster: boolean,
): Promise<{ projectId: string | null; replacedKeys: string[] } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(videoJobs).where(running(job)).returning({ id: videoJobs.id });
    if (!gone) return null;
    const best = renditions.at(-1);
    const file = keepMaster || !best ? undefined : best;
    return writeOwnerVideo(tx, job, { status: "ready", error: null, renditions, meta, file });
  });
}

/**
 * Marks a job and its section's video (cover loop, showreel) failed with a reason the owner is
 * shown. The project whose pages show it (null for the showreel); null when nothing was marked.
 */
export async function failVideoJob(
  job: VideoJobRow,
  reason: string,
): Promise<{ projectId: string | null } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .update(videoJobs)
      .set({ state: "failed", error: reason, heartbeatAt: null })
      .where(running(job))
      .returning({ id: videoJobs.id });
    if (!kept) return null;
    const written = await writeOwnerVideo(tx, job, { status: "failed", error: reason });
    if (written) return { projectId: written.projectId };
    // Its owner holds another file now: the job is a leftover, not a video to retry.
    await tx.delete(videoJobs).where(eq(videoJobs.id, job.id));
    return null;
  });
}

/** Queues a failed video again; false when the section (cover, showreel) has no failed video. */
export async function retryVideoJob(owner: VideoOwner): Promise<boolean> {
  if (!validOwner(owner)) return false;
  const db = await getDb();
  const retried = await db.transaction(async (tx) => {
    const [job] = await tx
      .update(videoJobs)
      .set({ state: "queued", error: null, progress: 0, attempts: 0, createdAt: sql`now()` })
      .where(and(ofOwner(owner), eq(videoJobs.state, "failed")))
      .returning();
    if (!job) return false;
    if (await writeOwnerVideo(tx, job, { status: "processing", error: null })) return true;
    // The owner holds another video now: the job is a leftover, not a video to retry.
    await tx.delete(videoJobs).where(eq(videoJobs.id, job.id));
    return false;
  });
  if (retried) (globalThis as WithWake)[WAKE]?.();
  return retried;
}

/** On the embedded database (one process) a job still marked running was cut off by a stop. */
export async function requeueInterruptedJobs(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(videoJobs)
    .set({ state: "queued", heartbeatAt: null })
    .where(eq(videoJobs.state, "encoding"))
    .returning({ id: videoJobs.id });
  return rows.length;
}

/**
 * How far a video's encoding is, as GET …/video and …/cover-video answer it (docs/api.md "Video
 * encoding"): the running job's progress in percent, 100 once the video is ready.
 */
export async function encodingProgress(
  owner: VideoOwner,
  videoStatus: string | null,
): Promise<{ progress: number; encoding: boolean }> {
  const job = await videoJobOf(owner);
  return {
    progress: videoStatus === "ready" ? 100 : (job?.progress ?? 0),
    encoding: job?.state === "encoding",
  };
}

/** A section's, cover loop's or showreel's job as the owner's form shows it; null when none. */
export async function videoJobOf(owner: VideoOwner): Promise<VideoJobRow | null> {
  if (!validOwner(owner)) return null;
  const db = await getDb();
  const [row] = await db.select().from(videoJobs).where(ofOwner(owner));
  return row ?? null;
}
