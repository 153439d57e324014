import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { getDb } from "@/lib/db";
import { createProject, deleteProject, getProject, updateProject } from "./projects";
import { createSection, getSection, updateSectionWith } from "./sections";
import { getSiteSettings, updateSiteSettingsWith } from "./settings";
import {
  beatVideoJob,
  claimVideoJob,
  dropVideoJob,
  failVideoJob,
  finishVideoJob,
  newVideoColumns,
  queueStrandedVideos,
  requeueInterruptedJobs,
  syncCoverJob,
  REEL,
  retryVideoJob,
  STALE_JOB_SECONDS,
  storeJobPoster,
  syncReelJob,
  syncVideoJob,
  videoJobOf,
} from "./video-jobs";

useTestDatabase();

const KEY_A = "0123456789abcdef0123456789abcdef.mp4";
const KEY_B = "fedcba9876543210fedcba9876543210.mp4";
const META = {
  duration: 2,
  width: 1280,
  height: 720,
  fps: 25,
  audio: true,
  codec: "h264",
  bytes: 9,
};
const rendition = (key: string) => ({
  url: `/media/${key}`,
  key,
  type: "video/mp4" as const,
  width: 854,
  height: 480,
  bytes: 5,
});

async function sectionWithVideo(key: string) {
  const project = await createProject({
    title: "Films",
    coverUrl: "/media/c.png",
    coverKey: null,
    userId: "owner",
    role: "Director",
    category: "Motion Design",
  });
  const section = (await createSection(project.id, {
    title: "",
    description: "",
    images: [],
    videoUrl: `/media/${key}`,
    videoKey: key,
    videoEmbed: null,
    ...newVideoColumns({ key }),
  }))!;
  await syncVideoJob(null, section);
  return section;
}

describe(`the video job queue on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("gives each job to exactly one of several concurrent claims", async () => {
    const one = await sectionWithVideo(KEY_A);
    const two = await sectionWithVideo(KEY_B);
    expect(one.videoStatus).toBe("processing");
    const claims = await Promise.all([claimVideoJob(), claimVideoJob(), claimVideoJob()]);
    const claimed = claims.filter((job) => job !== null);
    expect(claimed.map((job) => job.sectionId).sort()).toEqual([one.id, two.id].sort());
    expect(claimed.every((job) => job.state === "encoding" && job.attempts === 1)).toBe(true);
    expect(await claimVideoJob()).toBeNull();

    // A running job whose server stopped renewing it is taken over; a renewed one is not.
    const [first, second] = claimed as [
      NonNullable<(typeof claims)[0]>,
      NonNullable<(typeof claims)[0]>,
    ];
    expect(await beatVideoJob(first, 40)).toBe(true);
    const db = await getDb();
    await db.execute(
      sql`update video_jobs set heartbeat_at = now() - make_interval(secs => ${STALE_JOB_SECONDS + 1}) where id = ${second.id}`,
    );
    const taken = await claimVideoJob();
    expect(taken).toMatchObject({ id: second.id, attempts: 2 });
    // The server that lost it learns so on its next heartbeat, and its result is not written.
    expect(await beatVideoJob({ ...second, sourceKey: "other.mp4" }, 50)).toBe(false);

    expect(await finishVideoJob(taken!, [rendition("r.mp4")], META, true)).toMatchObject({
      projectId: expect.any(String),
    });
    expect(await getSection(taken!.sectionId!)).toMatchObject({
      videoStatus: "ready",
      videoRenditions: [rendition("r.mp4")],
      videoMeta: META,
    });
    expect(await videoJobOf({ sectionId: taken!.sectionId! })).toBeNull();
    expect((await videoJobOf({ sectionId: first.sectionId! }))?.progress).toBe(40);
    expect(await failVideoJob(first, "Stopped")).toEqual({ projectId: expect.any(String) });
  });

  it("puts the frame poster on its section at once, only while the job holds the video and the section asks for it", async () => {
    const section = await sectionWithVideo(KEY_A);
    const generated = { posterUrl: "/media/generated.png", posterKey: "generated.png" };
    await updateSectionWith(section.id, () => ({ ...generated, posterFromVideo: true }));
    const job = (await claimVideoJob())!;
    const frame = (key: string) => ({ url: `/media/${key}`, key, placeholder: "data:blur" });
    expect(await storeJobPoster(job, frame("frame.jpg"))).toEqual({
      projectId: section.projectId,
      replacedKeys: ["generated.png"],
    });
    expect(await getSection(section.id)).toMatchObject({
      posterUrl: "/media/frame.jpg",
      posterKey: "frame.jpg",
      posterPlaceholder: "data:blur",
      videoStatus: "processing",
    });

    // A poster the owner uploads meanwhile wins.
    const owners = {
      posterUrl: "/media/owner.png",
      posterKey: "owner.png",
      posterFromVideo: false,
    };
    await updateSectionWith(section.id, () => owners);
    expect(await storeJobPoster(job, frame("late.jpg"))).toBeNull();
    expect(await getSection(section.id)).toMatchObject(owners);

    // A replaced video's job no longer gives the section a poster.
    await updateSectionWith(section.id, () => ({ posterFromVideo: true }));
    const replaced = await updateSectionWith(section.id, () => ({
      videoUrl: `/media/${KEY_B}`,
      videoKey: KEY_B,
      ...newVideoColumns({ key: KEY_B }),
    }));
    await syncVideoJob(replaced!.before, replaced!.after);
    expect(await storeJobPoster(job, frame("stale.jpg"))).toBeNull();
    expect(await getSection(section.id)).toMatchObject({ posterKey: "owner.png" });
    await dropVideoJob({ sectionId: section.id });
  });

  it("drops the result of a replaced video, fails and retries, and queues cut-off jobs again", async () => {
    const section = await sectionWithVideo(KEY_A);
    const job = (await claimVideoJob())!;
    // The owner replaces the video mid-encode: the job is queued anew for the new file.
    const edited = await updateSectionWith(section.id, () => ({
      videoUrl: `/media/${KEY_B}`,
      videoKey: KEY_B,
      ...newVideoColumns({ key: KEY_B }),
    }));
    await syncVideoJob(edited!.before, edited!.after);
    expect(await beatVideoJob(job, 10)).toBe(false);
    expect(await finishVideoJob(job, [rendition("r.mp4")], META, true)).toBeNull();
    expect(await failVideoJob(job, "late")).toBeNull();
    expect(await getSection(section.id)).toMatchObject({ videoKey: KEY_B, videoRenditions: [] });

    const again = (await claimVideoJob())!;
    expect(again.sourceKey).toBe(KEY_B);
    expect(await failVideoJob(again, "The file holds no video stream.")).toEqual({
      projectId: section.projectId,
    });
    expect(await getSection(section.id)).toMatchObject({
      videoStatus: "failed",
      videoError: "The file holds no video stream.",
    });
    expect(await claimVideoJob()).toBeNull();
    expect(await retryVideoJob({ sectionId: section.id })).toBe(true);
    expect(await retryVideoJob({ sectionId: section.id })).toBe(false);
    expect(await getSection(section.id)).toMatchObject({
      videoStatus: "processing",
      videoError: null,
    });

    // KEEP_MASTERS=false: the largest rendition becomes the section's video.
    const kept = (await claimVideoJob())!;
    const renditions = [rendition("small.mp4"), { ...rendition("large.mp4"), height: 720 }];
    expect(await finishVideoJob(kept, renditions, META, false)).not.toBeNull();
    expect(await getSection(section.id)).toMatchObject({
      videoUrl: "/media/large.mp4",
      videoKey: "large.mp4",
      videoStatus: "ready",
    });
    const replaced = await updateSectionWith(section.id, () => ({
      videoUrl: `/media/${KEY_A}`,
      videoKey: KEY_A,
      ...newVideoColumns({ key: KEY_A }),
    }));
    await syncVideoJob(replaced!.before, replaced!.after);

    // A stop mid-encode (PGlite): the job is queued again at the next start.
    expect(await claimVideoJob()).toMatchObject({ sectionId: section.id });
    expect(await requeueInterruptedJobs()).toBe(1);
    expect((await videoJobOf({ sectionId: section.id }))?.state).toBe("queued");

    // Removing the video drops its job.
    const removed = await updateSectionWith(section.id, () => ({
      videoUrl: null,
      videoKey: null,
      videoStatus: null,
    }));
    await syncVideoJob(removed!.before, removed!.after);
    expect(await videoJobOf({ sectionId: section.id })).toBeNull();
  });

  it("drops a failed job whose section holds another video, instead of marking that one processing", async () => {
    const section = await sectionWithVideo(KEY_A);
    await failVideoJob((await claimVideoJob())!, "The file holds no video stream.");
    // A write the queue did not follow (a server on an older build) gave the section another file.
    await updateSectionWith(section.id, () => ({ videoUrl: `/media/${KEY_B}`, videoKey: KEY_B }));
    expect(await retryVideoJob({ sectionId: section.id })).toBe(false);
    expect(await videoJobOf({ sectionId: section.id })).toBeNull();
    expect(await getSection(section.id)).toMatchObject({ videoKey: KEY_B, videoStatus: "failed" });
  });

  it("queues a project's cover loop as a trimmed loop, writes its result to the project, and drops it with the project", async () => {
    const project = await createProject({
      title: "Loop",
      coverUrl: "/media/c.png",
      coverKey: null,
      coverVideoUrl: `/media/${KEY_A}`,
      coverVideoKey: KEY_A,
      coverVideoStatus: "processing",
      coverTrimStart: 1,
      coverTrimEnd: 3.5,
      userId: "owner",
      role: "Director",
      category: "Motion Design",
    });
    await syncCoverJob(null, project);
    const job = (await claimVideoJob())!;
    expect(job).toMatchObject({
      projectId: project.id,
      sectionId: null,
      sourceKey: KEY_A,
      loop: true,
      posterFromVideo: false,
      trimStart: 1,
      trimEnd: 3.5,
    });
    const renditions = [rendition("small.mp4"), { ...rendition("large.mp4"), height: 720 }];
    expect(await finishVideoJob(job, renditions, META, true)).toEqual({
      projectId: project.id,
      replacedKeys: [],
    });
    expect(await getProject(project.id)).toMatchObject({
      coverVideoKey: KEY_A,
      coverVideoStatus: "ready",
      coverVideoRenditions: renditions,
      coverVideoMeta: META,
    });
    expect(await videoJobOf({ projectId: project.id })).toBeNull();

    // A new out point encodes the kept file again; a refusal fails the cover loop, a retry queues it.
    const edited = (await updateProject(project.id, {
      coverTrimEnd: 2,
      coverVideoStatus: "processing",
    }))!;
    await syncCoverJob(edited.before, edited.after);
    const again = (await claimVideoJob())!;
    expect(again).toMatchObject({ projectId: project.id, trimStart: 1, trimEnd: 2 });
    expect(await failVideoJob(again, "The file holds no video stream.")).toEqual({
      projectId: project.id,
    });
    expect(await getProject(project.id)).toMatchObject({
      coverVideoStatus: "failed",
      coverVideoError: "The file holds no video stream.",
    });
    expect(await retryVideoJob({ projectId: project.id })).toBe(true);
    expect((await videoJobOf({ projectId: project.id }))?.state).toBe("queued");

    // Deleting the project (a purge) deletes its job: a running worker stops on its heartbeat.
    const running = (await claimVideoJob())!;
    await deleteProject(project.id);
    expect(await beatVideoJob(running, 20)).toBe(false);
    expect(await videoJobOf({ projectId: project.id })).toBeNull();
  });

  it("queues the uploaded showreel as a player, writes its result to the settings only while they hold it, and drops it with the video", async () => {
    const reel = (key: string) =>
      updateSiteSettingsWith((before) => ({
        ...before,
        showreelVideoUrl: `/media/${key}`,
        showreelVideoKey: key,
        showreelVideoStatus: "processing",
        showreelVideoRenditions: [],
      }));
    await reel(KEY_A);
    await syncReelJob();
    const job = (await claimVideoJob())!;
    expect(job).toMatchObject({
      settingsKey: "site",
      sectionId: null,
      projectId: null,
      sourceKey: KEY_A,
      loop: false,
      posterFromVideo: false,
    });
    // A failure is the showreel's, with its reason; only a failed one is retried.
    expect(await retryVideoJob(REEL)).toBe(false);
    expect(await failVideoJob(job, "The file holds no video stream.")).toEqual({ projectId: null });
    expect(await getSiteSettings()).toMatchObject({
      showreelVideoStatus: "failed",
      showreelVideoError: "The file holds no video stream.",
    });
    expect(await retryVideoJob(REEL)).toBe(true);
    expect(await getSiteSettings()).toMatchObject({
      showreelVideoStatus: "processing",
      showreelVideoError: null,
    });

    // Without the master kept, the showreel's file becomes its largest rendition.
    const again = (await claimVideoJob())!;
    const renditions = [rendition("small.mp4"), { ...rendition("large.mp4"), height: 720 }];
    expect(await finishVideoJob(again, renditions, META, false)).toEqual({
      projectId: null,
      replacedKeys: [],
    });
    expect(await getSiteSettings()).toMatchObject({
      showreelVideoUrl: "/media/large.mp4",
      showreelVideoKey: "large.mp4",
      showreelVideoStatus: "ready",
      showreelVideoRenditions: renditions,
      showreelVideoMeta: META,
    });
    expect(await videoJobOf(REEL)).toBeNull();

    // Another video replaces the job; a result for the old one is not written.
    await reel(KEY_B);
    await syncReelJob();
    const running = (await claimVideoJob())!;
    expect(running.sourceKey).toBe(KEY_B);
    await reel(KEY_A);
    await syncReelJob();
    expect((await videoJobOf(REEL))?.sourceKey).toBe(KEY_A);
    expect(await beatVideoJob(running, 50)).toBe(false);
    expect(await finishVideoJob(running, renditions, META, true)).toBeNull();
    expect((await getSiteSettings()).showreelVideoKey).toBe(KEY_A);

    // A failed job stays through a save that keeps its video (a new tagline), to be retried.
    const last = (await claimVideoJob())!;
    expect(last.sourceKey).toBe(KEY_A);
    expect(await failVideoJob(last, "Stopped")).toEqual({ projectId: null });
    await updateSiteSettingsWith((before) => ({ ...before, tagline: "Now in Lisbon" }));
    await syncReelJob();
    expect(await videoJobOf(REEL)).toMatchObject({ sourceKey: KEY_A, state: "failed" });
    expect(await retryVideoJob(REEL)).toBe(true);
    const retried = (await claimVideoJob())!;
    expect(await failVideoJob(retried, "Stopped")).toEqual({ projectId: null });

    // A failed job whose video the settings no longer hold is a leftover: no retry, and it goes.
    await updateSiteSettingsWith((before) => ({
      ...before,
      showreelVideoUrl: `/media/${KEY_B}`,
      showreelVideoKey: KEY_B,
    }));
    expect(await retryVideoJob(REEL)).toBe(false);
    expect(await videoJobOf(REEL)).toBeNull();

    // Removed (a Vimeo link saved instead), its job is dropped.
    await updateSiteSettingsWith((before) => ({
      ...before,
      showreelVideoUrl: "",
      showreelVideoKey: null,
      showreelVideoStatus: null,
    }));
    await syncReelJob();
    expect(await videoJobOf(REEL)).toBeNull();
    expect(await claimVideoJob()).toBeNull();
  });
  it("queues the videos a stop left awaiting their encode without a job, once their save is 30 s old", async () => {
    // Nothing else awaits: the earlier tests' sections, projects and jobs go.
    const db = await getDb();
    for (const table of ["video_jobs", "sections", "projects"])
      await db.execute(sql.raw(`delete from ${table}`));
    // Saved, then stopped before syncJob: a section's video, a cover loop and the showreel.
    const section = (await createSection((await sectionWithVideo(KEY_A)).projectId, {
      title: "",
      description: "",
      images: [],
      videoUrl: `/media/${KEY_B}`,
      videoKey: KEY_B,
      videoEmbed: null,
      ...newVideoColumns({ key: KEY_B }),
    }))!;
    const project = await createProject({
      title: "Loop",
      coverUrl: "/media/c.png",
      coverKey: null,
      coverVideoUrl: `/media/${KEY_B}`,
      coverVideoKey: KEY_B,
      coverVideoStatus: "processing",
      userId: "owner",
      role: "Director",
      category: "Motion Design",
    });
    await updateSiteSettingsWith((before) => ({
      ...before,
      showreelVideoUrl: `/media/${KEY_A}`,
      showreelVideoKey: KEY_A,
      showreelVideoStatus: "processing",
      showreelVideoRenditions: [],
    }));
    // Only the showreel's is queued at once (under its lock); the others' saves are too recent.
    expect(await queueStrandedVideos()).toBe(1);
    expect(await videoJobOf(REEL)).toMatchObject({ sourceKey: KEY_A, state: "queued" });
    expect(await videoJobOf({ sectionId: section.id })).toBeNull();
    expect(await videoJobOf({ projectId: project.id })).toBeNull();

    await db.execute(sql`update sections set updated_at = now() - interval '31 seconds'`);
    await db.execute(sql`update projects set updated_at = now() - interval '31 seconds'`);
    // The first section's job (written by its save) stays as it is, claimed and running.
    const first = (await claimVideoJob())!;
    expect(await queueStrandedVideos()).toBe(2);
    expect(await videoJobOf({ sectionId: section.id })).toMatchObject({
      sourceKey: KEY_B,
      state: "queued",
    });
    expect(await videoJobOf({ projectId: project.id })).toMatchObject({ sourceKey: KEY_B });
    expect(await videoJobOf({ sectionId: first.sectionId! })).toMatchObject({ state: "encoding" });
    expect(await queueStrandedVideos()).toBe(0);

    // Left with the failed job of an earlier file (the save that replaced it stopped before its
    // job): nothing retries that one, so the file the section holds is queued in its place.
    await db.execute(
      sql`update video_jobs set state = 'failed', source_key = ${KEY_A} where section_id = ${section.id}`,
    );
    expect(await queueStrandedVideos()).toBe(1);
    expect(await videoJobOf({ sectionId: section.id })).toMatchObject({
      sourceKey: KEY_B,
      state: "queued",
    });

    // A job that cannot be written after a save's commit (here: its section is gone) does not
    // fail the save: the sweep is there for it.
    const gone = { ...section, id: "0".repeat(24) };
    await expect(syncVideoJob(null, gone)).resolves.toBeUndefined();
    expect(await videoJobOf({ sectionId: gone.id })).toBeNull();

    // A job that ends on a file its section no longer holds (written by no save) is dropped.
    await updateSectionWith(first.sectionId!, () => ({
      videoUrl: null,
      videoKey: null,
      videoStatus: null,
    }));
    expect(await failVideoJob(first, "The file could not be read.")).toBeNull();
    expect(await videoJobOf({ sectionId: first.sectionId! })).toBeNull();
  });
});
