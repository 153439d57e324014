import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useDatabases } from "@/test/helpers/database";
import { getDb, rowsOf } from "@/lib/db";
import { createProject, listProjects } from "@/lib/data/projects";
import { createSection, listSections } from "@/lib/data/sections";
import { getSiteSettings, updateSiteSettings } from "@/lib/data/settings";
import { defaultSiteSettings } from "@/lib/validation/site-settings";
import { toProjectJson, toSectionJson } from "@/lib/data/serialize";
import { countView, flushViews, readInsights, utcDay } from "@/lib/data/views";
import { createBackup } from "./backup";
import { restoreBackup } from "./restore";
import { tablesInDependencyOrder } from "./tables";

const { work, fresh } = useDatabases("backup-test");

/** Everything a visitor or API client could see, plus the media bytes. */
async function snapshot(dataDir: string) {
  const projects = (await listProjects("owner")).map((project) => ({
    ...toProjectJson(project, { owner: true }),
    passwordHash: project.passwordHash,
  }));
  const sections = [];
  for (const project of projects)
    sections.push(...(await listSections(project._id)).map(toSectionJson));
  const uploads = path.join(dataDir, "uploads");
  const media = Object.fromEntries(
    fs
      .readdirSync(uploads)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(uploads, name)).toString("base64")]),
  );
  return { projects, sections, settings: await getSiteSettings(), media };
}

describe("backup and restore", () => {
  it("lists tables parents first", () => {
    const order = tablesInDependencyOrder();
    expect(order.indexOf("projects")).toBeLessThan(order.indexOf("sections"));
  });

  it("restores an identical site into an empty data directory, and refuses a non-empty one", async () => {
    const source = await fresh();
    fs.mkdirSync(path.join(source, "uploads"));
    fs.writeFileSync(
      path.join(source, "uploads", "cover.png"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    );
    fs.writeFileSync(path.join(source, "uploads", "clip.mp4"), Buffer.alloc(4096, 7));
    fs.writeFileSync(
      path.join(source, "uploads", "poster.jpg"),
      Buffer.from([0xff, 0xd8, 0xff, 9]),
    );
    fs.writeFileSync(path.join(source, "uploads", "loop.mp4"), Buffer.alloc(2048, 5));
    fs.writeFileSync(path.join(source, "uploads", "reel.mp4"), Buffer.alloc(1024, 3));
    fs.writeFileSync(path.join(source, "uploads", "clip-480.mp4"), Buffer.alloc(1024, 3));
    fs.writeFileSync(path.join(source, "uploads", "loop-480.mp4"), Buffer.alloc(512, 4));
    const project = await createProject({
      title: 'Ünïcode ✓ "quoted"',
      role: "Director",
      category: "Frame by Frame",
      coverUrl: "/media/cover.png",
      coverKey: "cover.png",
      coverVideoUrl: "/media/loop.mp4",
      coverVideoKey: "loop.mp4",
      // The cover loop encoded (migration 0020): its rendition, the encoder's reading, its trim.
      coverVideoStatus: "ready",
      coverVideoRenditions: [
        {
          url: "/media/loop-480.mp4",
          key: "loop-480.mp4",
          type: "video/mp4",
          width: 854,
          height: 480,
          bytes: 512,
        },
      ],
      coverVideoMeta: {
        duration: 4,
        width: 1920,
        height: 1080,
        fps: 25,
        audio: false,
        codec: "prores",
        bytes: 8192,
      },
      coverTrimStart: 0.5,
      coverTrimEnd: 2.5,
      year: 2023,
      client: "Client «Ünïcode»",
      summary: "Summary line one\nline two",
      status: "protected",
      passwordHash: "$2a$10$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQ",
      publishAt: new Date("2030-03-01T09:00:00.123Z"),
      unpublishAt: new Date("2031-03-01T09:00:00Z"),
      userId: "owner",
    });
    await createSection(project.id, {
      title: "Film",
      description: "Line one\nline two",
      videoUrl: "/media/clip.mp4",
      videoKey: "clip.mp4",
      videoEmbed: null,
      videoPlayback: "loop",
      posterUrl: "/media/poster.jpg",
      posterKey: "poster.jpg",
      images: [{ url: "/media/cover.png", key: "cover.png", width: 1, height: 1, alt: "Cover" }],
      // An encoded video (migration 0017): its rendition, what the encoder read, and its job.
      videoStatus: "ready",
      videoRenditions: [
        {
          url: "/media/clip-480.mp4",
          key: "clip-480.mp4",
          type: "video/mp4",
          width: 854,
          height: 480,
          bytes: 1024,
        },
      ],
      videoMeta: {
        duration: 2,
        width: 1280,
        height: 720,
        fps: 25,
        audio: true,
        codec: "h264",
        bytes: 4096,
        // The first non-black frame's time, kept for a video sent to Cloudinary.
        firstPicture: 0.8,
      },
      // Its poster taken from a frame and its loop's trim (migration 0018).
      posterFromVideo: true,
      posterTime: 1.5,
      trimStart: 0.25,
      trimEnd: 1.75,
    });
    const [film] = await listSections(project.id);
    await (
      await getDb()
    ).execute(
      sql`insert into video_jobs (id, section_id, source_key, state, error, attempts)
        values ('0123456789abcdef01234567', ${film!.id}, 'clip.mp4', 'failed', 'Refused', 2)`,
    );
    // A cover loop's job (migration 0020): owned by the project, not a section.
    await (
      await getDb()
    ).execute(
      sql`insert into video_jobs (id, project_id, source_key, state, progress)
        values ('0123456789abcdef0123cdef', ${project.id}, 'loop.mp4', 'queued', 0)`,
    );
    await updateSiteSettings({
      ...defaultSiteSettings,
      ownerName: "Backup Owner",
      // The appearance settings (migration 0010) and the filter bar's (0012), none the default.
      cardTitles: "always",
      typePairing: "classic",
      accentColor: "#1d4ed8",
      contentWidth: "wide",
      filterCategories: "in-use",
      // The Reel as an uploaded mp4 (a settings field, no migration), its file included.
      showreelVideoUrl: "/media/reel.mp4",
      showreelVideoKey: "reel.mp4",
      showreelSince: "2026-05-06T07:08:09.000Z",
    });
    // A view of the project page (migration 0016): four count rows (site, path, referrer,
    // device); the day's salt and visitor hashes stay out of the archive.
    await countView({
      path: `/sections/${project.id}`,
      projectId: project.id,
      referrer: "news.example",
      device: "tablet",
      address: "203.0.113.9",
      userAgent: "Mozilla/5.0 (iPad)",
    });
    await flushViews();
    const today = utcDay();
    const views = await readInsights(today, today);
    expect(views.totals).toEqual({ views: 1, visitors: 1 });
    const before = await snapshot(source);
    const archive = path.join(work, "site.tar.gz");
    const jobs = async () =>
      rowsOf(await (await getDb()).execute(sql`select * from video_jobs`)).map((row) => ({
        ...(row as object),
        created_at: String((row as { created_at: unknown }).created_at),
      }));
    const jobsBefore = await jobs();
    const meta = async () => (await listSections(project.id))[0]!.videoMeta;
    const metaBefore = await meta();
    expect(await createBackup(source, archive)).toEqual({ rows: 9, files: 7 });

    const target = await fresh();
    expect(await restoreBackup(target, archive)).toEqual({ rows: 9, files: 7 });
    expect(await snapshot(target)).toEqual(before);
    expect(await readInsights(today, today)).toEqual(views);
    // The rendition's file, the encoder's reading and the job's state come back.
    expect(before.sections[0]!.videoRenditions).toMatchObject([{ url: "/media/clip-480.mp4" }]);
    expect(Object.keys(before.media)).toContain("clip-480.mp4");
    expect(await meta()).toEqual(metaBefore);
    expect(metaBefore).toMatchObject({ codec: "h264", firstPicture: 0.8 });
    expect(await jobs()).toEqual(jobsBefore);
    expect(jobsBefore).toMatchObject([
      { state: "failed", error: "Refused", attempts: 2 },
      { project_id: before.projects[0]!._id, source_key: "loop.mp4", state: "queued" },
    ]);
    // A section video's playback and poster (migration 0006), the poster file included.
    expect(before.sections[0]).toMatchObject({ playback: "loop", poster: "/media/poster.jpg" });
    expect(before.sections[0]).toMatchObject({
      posterFromVideo: true,
      posterTime: 1.5,
      trimStart: 0.25,
      trimEnd: 1.75,
    });
    expect(Object.keys(before.media)).toContain("poster.jpg");
    expect(before.settings).toMatchObject({
      cardTitles: "always",
      typePairing: "classic",
      accentColor: "#1d4ed8",
      contentWidth: "wide",
      filterCategories: "in-use",
      showreelVideoUrl: "/media/reel.mp4",
      showreelSince: "2026-05-06T07:08:09.000Z",
    });
    expect(Object.keys(before.media)).toContain("reel.mp4");
    // A project's cover loop (migration 0008), its file included, and its encoding (0020).
    expect(before.projects[0]).toMatchObject({
      coverVideo: "/media/loop-480.mp4",
      coverVideoStatus: "ready",
      coverVideoRenditions: [{ url: "/media/loop-480.mp4", width: 854, height: 480, bytes: 512 }],
      coverTrimStart: 0.5,
      coverTrimEnd: 2.5,
    });
    expect(Object.keys(before.media)).toEqual(expect.arrayContaining(["loop.mp4", "loop-480.mp4"]));
    // The project's optional details (migration 0002) are carried too.
    expect(before.projects[0]).toMatchObject({
      year: 2023,
      client: "Client «Ünïcode»",
      summary: "Summary line one\nline two",
    });
    // And its status with a protected project's password hash (migration 0003, docs/spec.md §11).
    expect(before.projects[0]).toMatchObject({
      status: "protected",
      passwordHash: "$2a$10$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQ",
    });
    // And its publishing schedule (migration 0014), to the millisecond.
    expect(before.projects[0]).toMatchObject({
      publishAt: "2030-03-01T09:00:00.123Z",
      unpublishAt: "2031-03-01T09:00:00.000Z",
    });
    const db = await getDb();
    const [row] = rowsOf<{ created_at: unknown }>(
      await db.execute(sql`select created_at from projects`),
    );
    expect(new Date(String(row?.created_at)).getTime()).toBe(
      new Date(before.projects[0]!.createdAt).getTime(),
    );

    await expect(restoreBackup(target, archive)).rejects.toThrow(/not empty/);
    expect(await snapshot(target)).toEqual(before);
  }, 120_000); // two fresh embedded databases: each initdb takes a while on a busy machine

  it("leaves nothing behind when the archive is not a backup", async () => {
    const target = await fresh();
    const bogus = path.join(work, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not an archive");
    await expect(restoreBackup(target, bogus)).rejects.toThrow();
    expect(await listProjects()).toEqual([]);
    expect(fs.existsSync(path.join(target, "uploads"))).toBe(false);
  });
});
