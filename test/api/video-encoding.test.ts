import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { encoderMessages, probeVideo } from "@/lib/uploads/encode";
import { reviewMessages } from "@/lib/validation/review-messages";
import { timingMessages } from "@/lib/validation/video-timing";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { SERVER_START_TIMEOUT } from "../helpers/auth";
import {
  call,
  multipart,
  OWNER_EMAIL,
  startApiSite,
  type ApiSite,
  type Part,
  until,
} from "../helpers/api-client";
import { mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { startServer } from "../helpers/server";
import { makeColourMaster, makeMaster } from "../helpers/video-masters";

/**
 * docs/api.md "Video encoding": a `video` upload is encoded in the background into H.264 MP4
 * renditions, reported by videoStatus, refused with a reason, retried, stopped by a removal, and
 * finished after a server killed mid-encode starts again.
 */
let site: ApiSite;
let projectId: string;
let masters: string;
const url = () => site.server.url;
/** What a running encode is writing (lib/startup/video-worker.ts). */
const encoding = () =>
  fs.existsSync(path.join(site.dataDir, "encoding"))
    ? fs.readdirSync(path.join(site.dataDir, "encoding"))
    : [];

beforeAll(async () => {
  site = await startApiSite();
  masters = fs.mkdtempSync(path.join(os.tmpdir(), "masters-"));
  const project = await call<{ _id: string }>(url(), "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Encoded"],
      ["role", "Director"],
      ["category", "Motion Design"],
      ["cover", { bytes: await pngOfSize(2000, 10, 10), name: "c.png" }],
    ]),
  });
  projectId = project.body.data._id;
}, SERVER_START_TIMEOUT);
afterAll(async () => {
  await site?.stop();
  fs.rmSync(masters, { recursive: true, force: true });
});

const mp4 = (file: string): Part => ({
  bytes: fs.readFileSync(file),
  name: path.basename(file),
  type: "video/mp4",
});
const postSection = (parts: [string, Part][]) =>
  call<SectionJson>(url(), "POST", `/api/sections/${projectId}`, {
    token: site.ownerToken,
    form: multipart(parts),
  });
type VideoState = { videoStatus: string; videoError: string | null; progress: number };
const videoState = async (id: string) =>
  (await call<VideoState>(url(), "GET", `/api/sections/${id}/video`, { token: site.ownerToken }))
    .body.data;
const sectionOf = async (id: string) =>
  (await call<SectionJson[]>(url(), "GET", `/api/sections/${projectId}`)).body.data.find(
    (section) => section._id === id,
  )!;

describe("encoding an uploaded video", () => {
  it("answers processing with the upload, then ready with its renditions, smallest first", async () => {
    const master = makeMaster(masters, "a.mp4", { width: 1280, height: 720, seconds: 2 });
    const created = await postSection([["video", mp4(master)]]);
    expect(created.status).toBe(201);
    const upload = created.body.data.video;
    expect(created.body.data.videoStatus).toBe("processing");
    // Read when it was stored (its codec decides what the page plays meanwhile).
    expect(created.body.data.videoRenditions).toEqual([
      { url: upload, type: "video/mp4", width: 1280, height: 720, bytes: fs.statSync(master).size },
    ]);

    const id = created.body.data._id;
    const ready = await until(
      () => sectionOf(id),
      (section) => section.videoStatus === "ready",
    );
    expect(ready.videoRenditions.map(({ width, height }) => [width, height])).toEqual([
      [854, 480],
      [1280, 720],
    ]);
    // `video` is the best rendition for clients that know only it.
    expect(ready.video).toBe(ready.videoRenditions[1]!.url);
    for (const rendition of ready.videoRenditions) {
      const response = await fetch(new URL(rendition.url, url()));
      expect(response.headers.get("content-type")).toBe("video/mp4");
      expect((await response.arrayBuffer()).byteLength).toBe(rendition.bytes);
    }
    expect(await videoState(id)).toMatchObject({ videoStatus: "ready", progress: 100 });
    // The upload is kept as the master (KEEP_MASTERS defaults to true), beside the renditions.
    expect(site.uploads()).toContain(upload.slice("/media/".length));
    expect(encoding()).toEqual([]);
  });

  it("shows an HEVC mp4's poster, not a player, until its renditions are ready; an H.264 mp4 plays as uploaded meanwhile; a frame poster as soon as it is taken", async () => {
    // A longer encode goes first: the two videos below wait in the queue while the page is read.
    // It is in HEVC too, its poster taken from a frame.
    const held = await postSection([
      ["title", "Held"],
      [
        "video",
        mp4(makeMaster(masters, "held.mp4", { width: 1920, height: 1080, seconds: 4, hevc: true })),
      ],
      ["posterTime", "3"],
    ]);
    expect(held.body.data).toMatchObject({ videoStatus: "processing", posterFromVideo: true });
    const hevc = (
      await postSection([
        ["title", "In HEVC"],
        ["video", mp4(makeColourMaster(masters, "colours-hevc.mp4", { hevc: true }))],
      ])
    ).body.data;
    const h264 = (
      await postSection([
        ["title", "In H.264"],
        ["video", mp4(makeColourMaster(masters, "colours-h264.mp4"))],
      ])
    ).body.data;
    const page = async () => (await fetch(new URL(`/sections/${projectId}`, url()))).text();
    /** An `<img>` of the page drawing `poster` (through the optimizer) as the still `testId`. */
    const still = (poster: string, testId: string) =>
      new RegExp(`<img [^>]*${encodeURIComponent(poster)}[^>]*data-testid="${testId}"`);
    const html = await page();
    // Both were still waiting when the page was read.
    expect((await videoState(hevc._id)).videoStatus).toBe("processing");
    expect((await videoState(h264._id)).videoStatus).toBe("processing");
    // The HEVC upload is named nowhere in the page (no player, no source): its poster stands alone.
    expect(html).not.toContain(hevc.video);
    expect(html).toMatch(still(hevc.poster, "encoding-poster"));
    // The H.264 upload plays as uploaded, behind its play control.
    expect(html).toContain(`<video preload="none" playsInline="" src="${h264.video}"`);
    expect(html).toMatch(still(h264.poster, "player-poster"));
    // A review link's player plays what the page plays, under the poster: the HEVC master is
    // offered for download only, its poster standing alone with a line saying why.
    const link = await call<{ url: string }>(url(), "POST", "/api/review-links", {
      token: site.ownerToken,
      json: { name: "Cut review", projectIds: [projectId], allowDownload: true },
    });
    expect(link.status).toBe(201);
    const review = async () =>
      (await fetch(new URL(new URL(link.body.data.url).pathname, url()))).text();
    const reviewPlayer = (src: string, poster: string) =>
      new RegExp(
        `<video [^>]*src="${src}" poster="/_next/image\\?url=${encodeURIComponent(poster)}&amp;w=1200&amp;q=75"`,
      );
    const reviewed = await review();
    expect(reviewed).not.toMatch(new RegExp(`src="${hevc.video}"`));
    expect(reviewed).toContain(`<a href="${hevc.video}" download=""`);
    expect(reviewed).toMatch(
      new RegExp(
        `<img src="/_next/image\\?url=${encodeURIComponent(hevc.poster)}[^>]*review-poster`,
      ),
    );
    expect(reviewed).toContain(reviewMessages.videoPreparing);
    expect(reviewed).toMatch(reviewPlayer(h264.video, h264.poster));

    // The frame the held encode took first is its still while its renditions encode, in place of
    // the generated one (whose file is deleted).
    const generated = held.body.data.poster;
    const framed = await until(
      () => sectionOf(held.body.data._id),
      (section) => section.poster !== generated,
    );
    expect(framed.poster).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    const meanwhile = await page();
    expect((await videoState(framed._id)).videoStatus).toBe("processing");
    expect(meanwhile).toMatch(still(framed.poster, "encoding-poster"));
    expect(meanwhile).not.toContain(encodeURIComponent(generated));
    await until(
      async () => site.uploads(),
      (keys) => !keys.includes(generated.slice("/media/".length)),
    );

    // The held encode is dropped; once the HEVC video's rendition is ready the page plays it.
    await call(url(), "PUT", `/api/sections/${held.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([["removeVideo", "true"]]),
    });
    const ready = await until(
      () => sectionOf(hevc._id),
      (section) => section.videoStatus === "ready",
    );
    const encoded = await page();
    expect(encoded).toContain(`<video preload="none" playsInline="" src="${ready.video}"`);
    // Sent without a poster, it got its first non-black picture when its encode started, in place
    // of the generated still.
    expect(ready.poster).not.toBe(hevc.poster);
    expect(ready.poster).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(encoded).toMatch(still(ready.poster, "player-poster"));
    expect(encoded).not.toContain(encodeURIComponent(hevc.poster));
    expect(encoded).not.toContain("encoding-poster");
    const reviewedReady = await review();
    expect(reviewedReady).toMatch(reviewPlayer(ready.video, ready.poster));
    expect(reviewedReady).not.toContain(reviewMessages.videoPreparing);
  });

  it("marks a file the encoder cannot read failed with a reason; only the owner retries it", async () => {
    const created = await postSection([
      ["video", { bytes: mp4OfSize(4000), name: "empty.mp4", type: "video/mp4" }],
    ]);
    const id = created.body.data._id;
    const failed = await until(
      () => videoState(id),
      (state) => state.videoStatus === "failed",
    );
    expect(failed.videoError).toBe(encoderMessages.unreadable);
    expect((await sectionOf(id)).videoError).toBe(encoderMessages.unreadable);

    const stranger = await call(url(), "POST", `/api/sections/${id}/video`, {
      token: site.strangerToken,
    });
    expect(stranger.status).toBe(403);
    const visitor = await call(url(), "POST", `/api/sections/${id}/video`);
    expect(visitor.status).toBe(401);

    const retried = await call<SectionJson>(url(), "POST", `/api/sections/${id}/video`, {
      token: site.ownerToken,
    });
    expect(retried.status).toBe(202);
    expect(retried.body.data.videoStatus).toBe("processing");
    await until(
      () => videoState(id),
      (state) => state.videoStatus === "failed",
    );
    // The worker goes on with the next job.
    const master = makeMaster(masters, "b.mp4", { width: 320, height: 180, seconds: 1 });
    const next = await postSection([["video", mp4(master)]]);
    await until(
      () => sectionOf(next.body.data._id),
      (s) => s.videoStatus === "ready",
    );
    const again = await call(url(), "POST", `/api/sections/${next.body.data._id}/video`, {
      token: site.ownerToken,
    });
    expect(again.status).toBe(409);
  });

  it("stops the job when the video is removed mid-encode and leaves no file", async () => {
    const master = makeMaster(masters, "c.mp4", { width: 1280, height: 720, seconds: 4 });
    const before = site.uploads();
    const created = await postSection([
      ["title", "Removed"],
      ["video", mp4(master)],
    ]);
    const id = created.body.data._id;
    await until(
      () => videoState(id),
      (state) => state.progress > 0,
      30_000,
    );
    const removed = await call<SectionJson>(url(), "PUT", `/api/sections/${id}`, {
      token: site.ownerToken,
      form: multipart([["removeVideo", "true"]]),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.videoStatus).toBeNull();
    expect(removed.body.data.videoRenditions).toEqual([]);
    // Within a heartbeat ffmpeg is stopped and its work removed: nothing new is left.
    await until(
      async () => ({ uploads: site.uploads(), tmp: [...site.tmpFiles(), ...encoding()] }),
      (state) => state.tmp.length === 0 && state.uploads.join() === before.join(),
      10_000,
    );
  });

  it(
    "finishes the jobs after the server was killed mid-encode: a cover loop's, a section's, and one stopped before its job was written",
    async () => {
      const master = makeMaster(masters, "d.mp4", { width: 1920, height: 1080, seconds: 4 });
      const coverMaster = makeMaster(masters, "loop.mp4", { width: 1280, height: 720, seconds: 3 });
      const before = new Set(site.uploads());
      // The project's cover loop is queued first: the server is killed while it encodes.
      const cover = await call<ProjectJson>(url(), "PUT", `/api/projects/${projectId}`, {
        token: site.ownerToken,
        form: multipart([
          ["title", "Encoded"],
          ["role", "Director"],
          ["category", "Motion Design"],
          ["coverVideo", mp4(coverMaster)],
        ]),
      });
      expect(cover.body.data.coverVideoStatus).toBe("processing");
      const created = await postSection([["video", mp4(master)]]);
      const id = created.body.data._id;
      const small = makeMaster(masters, "f.mp4", { width: 640, height: 360, seconds: 1 });
      const stranded = await postSection([["video", mp4(small)]]);
      await until(
        async () =>
          (
            await call<VideoState>(url(), "GET", `/api/projects/${projectId}/cover-video`, {
              token: site.ownerToken,
            })
          ).body.data,
        (state) => state.progress > 0,
        30_000,
      );
      await site.server.stop("SIGKILL");
      // The third was killed between its save's commit and its job (lib/data/video-jobs.ts,
      // queueStrandedVideos): saved over a minute ago, awaiting its encode, with no job.
      const db = await PGlite.create(path.join(site.dataDir, "pg"));
      try {
        const strandedId = stranded.body.data._id;
        await db.query("delete from video_jobs where section_id = $1", [strandedId]);
        await db.query(
          "update sections set updated_at = now() - interval '1 minute' where id = $1",
          [strandedId],
        );
      } finally {
        await db.close();
      }
      site.server = await startServer({
        DATA_DIR: site.dataDir,
        DATABASE_URL: "",
        OWNER_EMAILS: OWNER_EMAIL,
        AUTH_SIGNUP: "open",
      });
      const ready = await until(
        () => sectionOf(id),
        (section) => section.videoStatus === "ready",
      );
      expect(ready.videoRenditions.map((rendition) => rendition.height)).toEqual([480, 720, 1080]);
      const loop = (await call<ProjectJson>(url(), "GET", `/api/projects/${projectId}`)).body.data;
      expect(loop.coverVideoStatus).toBe("ready");
      expect(loop.coverVideoRenditions.map((rendition) => rendition.height)).toEqual([480, 720]);
      const third = await until(
        () => sectionOf(stranded.body.data._id),
        (section) => section.videoStatus === "ready",
      );
      // Nothing orphaned (a rendition stored before the kill is swept at start), nothing lost:
      // the new files are exactly the masters, the section's poster (its first picture, in place
      // of the generated still) and the renditions.
      const key = (mediaUrl: string) => mediaUrl.slice("/media/".length);
      const added = site.uploads().filter((file) => !before.has(file));
      expect(ready.poster).not.toBe(created.body.data.poster);
      expect(third.poster).not.toBe(stranded.body.data.poster);
      // A 360p H.264 file is its own one rendition: a set, not a list.
      const kept = new Set([
        key(created.body.data.video),
        key(ready.poster),
        ...ready.videoRenditions.map((rendition) => key(rendition.url)),
        key(cover.body.data.coverVideo),
        ...loop.coverVideoRenditions.map((rendition) => key(rendition.url)),
        key(stranded.body.data.video),
        key(third.poster),
        ...third.videoRenditions.map((rendition) => key(rendition.url)),
      ]);
      expect(added.sort()).toEqual([...kept].sort());
      expect(site.uploads()).toEqual(expect.arrayContaining([...before]));
      expect(encoding()).toEqual([]);
    },
    SERVER_START_TIMEOUT * 2,
  );
});

describe('poster time and trim (docs/media.md "Poster and trim")', () => {
  it("refuses a bad poster time or trim with 400 and stores nothing", async () => {
    const master = mp4(makeMaster(masters, "e.mp4", { width: 320, height: 180, seconds: 1 }));
    const sections = (await call<SectionJson[]>(url(), "GET", `/api/sections/${projectId}`)).body
      .data.length;
    const before = site.uploads();
    const refused: [[string, Part][], string][] = [
      [
        [
          ["video", master],
          ["posterTime", "soon"],
        ],
        timingMessages.posterTime,
      ],
      [
        [
          ["video", master],
          ["posterTime", "-1"],
        ],
        timingMessages.posterTime,
      ],
      [
        [
          ["video", master],
          ["playback", "loop"],
          ["trimStart", "x"],
        ],
        timingMessages.trim,
      ],
      [
        [
          ["video", master],
          ["playback", "loop"],
          ["trimStart", "2"],
          ["trimEnd", "1"],
        ],
        timingMessages.trimOrder,
      ],
      [
        [
          ["video", master],
          ["playback", "loop"],
          ["trimStart", "1"],
          ["trimEnd", "31.5"],
        ],
        timingMessages.trimLength,
      ],
      [
        [
          ["video", master],
          ["trimEnd", "1"],
        ],
        timingMessages.trimNeedsLoop,
      ],
      [
        [
          ["title", "Text"],
          ["posterTime", "1"],
        ],
        timingMessages.needsEncoding,
      ],
    ];
    for (const [parts, message] of refused)
      expect(await postSection(parts)).toMatchObject({ status: 400, body: { message } });
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles()).toEqual([]);
    const after = await call<SectionJson[]>(url(), "GET", `/api/sections/${projectId}`);
    expect(after.body.data).toHaveLength(sections);
  });

  it("takes the poster at posterTime; switching to a trimmed loop encodes it again, muted", async () => {
    /** The colour at the middle of a stored image or video frame, as [r, g, b]. */
    const colourOf = async (bytes: Buffer) => {
      const { channels } = await sharp(bytes).stats();
      return channels.slice(0, 3).map((channel) => Math.round(channel.mean / 64));
    };
    const fetchBytes = async (mediaUrl: string) =>
      Buffer.from(await (await fetch(new URL(mediaUrl, url()))).arrayBuffer());
    // Red, green, blue: a second each.
    const master = makeColourMaster(masters, "colours.mp4", { width: 854, height: 480 });
    const created = await postSection([
      ["video", mp4(master)],
      ["posterTime", "2.5"],
    ]);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ posterFromVideo: true, posterTime: 2.5 });
    const id = created.body.data._id;
    const player = await until(
      () => sectionOf(id),
      (section) => section.videoStatus === "ready",
    );
    // The frame at 2.5 s (blue) through the image pipeline, with its blur-up placeholder.
    expect(player.poster).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(await colourOf(await fetchBytes(player.poster))).toEqual([0, 0, 4]);
    expect(player.posterPlaceholder).toMatch(/^data:image\/webp;base64,/);
    expect(site.uploads()).not.toContain(created.body.data.poster.slice("/media/".length));

    // A trim past the end of the video (its length is known once encoded) is refused.
    expect(
      await call(url(), "PUT", `/api/sections/${id}`, {
        token: site.ownerToken,
        form: multipart([
          ["playback", "loop"],
          ["trimStart", "3.5"],
        ]),
      }),
    ).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^trimStart \(3\.50 s\) is past the end/) },
    });

    // Player to a loop of the green second: encoded again from the stored file, no upload.
    const switched = await call<SectionJson>(url(), "PUT", `/api/sections/${id}`, {
      token: site.ownerToken,
      form: multipart([
        ["playback", "loop"],
        ["trimStart", "1"],
        ["trimEnd", "2"],
      ]),
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      videoStatus: "processing",
      playback: "loop",
      trimStart: 1,
      trimEnd: 2,
    });
    const loop = await until(
      () => sectionOf(id),
      (section) => section.videoStatus === "ready",
    );
    expect(player.videoRenditions.map((r) => r.height)).toEqual([480]);
    const [rendition] = loop.videoRenditions;
    expect(loop.video).toBe(rendition!.url);
    expect(player.videoRenditions.map((r) => r.url)).not.toContain(rendition!.url);
    // The old renditions are gone; the poster (still at 2.5 s) was taken again.
    const keys = site.uploads();
    for (const old of player.videoRenditions) expect(keys).not.toContain(old.url.slice(7));
    const file = path.join(masters, "loop.mp4");
    fs.writeFileSync(file, await fetchBytes(rendition!.url));
    const probe = await probeVideo(file);
    expect(probe.audio).toBe(false);
    expect(Math.abs(probe.duration - 1)).toBeLessThanOrEqual(1 / 25);
  });
});
