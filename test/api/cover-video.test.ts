import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { probeVideo } from "@/lib/uploads/encode";
import { coverTimingMessages } from "@/lib/validation/video-timing";
import { call, multipart, tusUpload as tusMaster, until, type Part } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { jpeg, MB, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { makeMaster } from "../helpers/video-masters";

/**
 * docs/spec.md §2: a project cover may be a short mp4 loop (`coverVideo`, at most 10 MB) beside
 * the cover still; `removeCoverVideo=true` removes it on edit. Refusals store nothing. Also the
 * section edit's `removePoster=true` and the generated still without a glyph (items 3 and 4).
 * docs/api.md "Cover loops": a loop stored here is encoded like a section loop, trimmed.
 */
let site: SharedSite;
let url: string;
let masters: string;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  masters = fs.mkdtempSync(path.join(os.tmpdir(), "cover-masters-"));
});
afterAll(async () => {
  await site?.stop();
  fs.rmSync(masters, { recursive: true, force: true });
});

const keyOf = (mediaUrl: string) => mediaUrl.slice("/media/".length);
const loop = (size = 4000, name = "loop.mp4"): Part => ({
  bytes: mp4OfSize(size),
  name,
  type: "video/mp4",
});
const cover = async (): Promise<Part> => ({
  bytes: await pngOfSize(2000, 10, 10),
  name: "c.png",
  type: "image/png",
});
const fields = (title = "Moving cover"): [string, Part][] => [
  ["title", title],
  ["role", "Director"],
  ["category", "Motion Design"],
];
const postProject = (parts: [string, Part][], token = site.ownerToken) =>
  call<ProjectJson>(url, "POST", "/api/projects", { token, form: multipart(parts) });
const putProject = (id: string, parts: [string, Part][]) =>
  call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
    token: site.ownerToken,
    form: multipart(parts),
  });
const listProjects = async () => (await call<ProjectJson[]>(url, "GET", "/api/projects")).body.data;
const media = (mediaUrl: string, init?: RequestInit) => fetch(new URL(mediaUrl, url), init);

describe("coverVideo on project add and edit", () => {
  it("stores an mp4 loop beside the cover still and serves it; a project without one answers ''", async () => {
    const plain = await postProject([...fields("Still only"), ["cover", await cover()]]);
    expect(plain.status).toBe(201);
    expect(plain.body.data.coverVideo).toBe("");

    const answer = await postProject([
      ...fields(),
      ["cover", await cover()],
      ["coverVideo", loop(6000)],
    ]);
    expect(answer.status).toBe(201);
    const { coverVideo, cover: still } = answer.body.data;
    expect(coverVideo).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
    expect(still).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(site.uploads()).toEqual(expect.arrayContaining([keyOf(coverVideo), keyOf(still)]));
    const served = await media(coverVideo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(mp4OfSize(6000));
    // The public list and the single project carry it.
    const listed = (await listProjects()).find((p) => p._id === answer.body.data._id);
    expect(listed?.coverVideo).toBe(coverVideo);
  });

  it("keeps the cover still required: a loop alone is 'Please fill in all Feilds !', nothing stored", async () => {
    const before = site.uploads();
    const answer = await postProject([...fields(), ["coverVideo", loop()]]);
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: "Please fill in all Feilds !" },
    });
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles().filter((name) => name.includes("/"))).toEqual([]);
  });

  it("refuses a loop over 10 MB with 413 and one that is not an mp4 by its bytes with 415, storing nothing", async () => {
    const projects = (await listProjects()).length;
    const before = site.uploads();
    const big = await postProject([
      ...fields("Too big"),
      ["cover", await cover()],
      ["coverVideo", loop(10 * MB + 1, "big.mp4")],
    ]);
    expect(big).toMatchObject({
      status: 413,
      body: { success: false, message: "File too large: big.mp4 (a cover loop is up to 10 MB)" },
    });
    // Exactly 10 MB is allowed (the limit is inclusive, like the spec's other limits).
    const atLimit = await postProject([
      ...fields("At the limit"),
      ["cover", await cover()],
      ["coverVideo", loop(10 * MB)],
    ]);
    expect(atLimit.status).toBe(201);
    const afterLimit = site.uploads();

    for (const bad of [
      // A PNG that says it is an mp4, by name and type.
      { bytes: await pngOfSize(2000), name: "fake.mp4", type: "video/mp4" },
      { bytes: Buffer.from("<html>not a video</html>"), name: "page.mp4", type: "video/mp4" },
    ]) {
      const answer = await postProject([
        ...fields("Not a video"),
        ["cover", await cover()],
        ["coverVideo", bad],
      ]);
      expect(answer).toMatchObject({
        status: 415,
        body: {
          success: false,
          message: `Invalid file type: ${bad.name} (a cover loop must be an mp4 video)`,
        },
      });
    }
    // An edit refuses the same way and keeps the stored loop.
    const id = atLimit.body.data._id;
    const edit = await putProject(id, [
      ...fields("At the limit"),
      ["coverVideo", { bytes: await jpeg(), name: "still.jpg", type: "video/mp4" }],
    ]);
    expect(edit.status).toBe(415);
    expect(site.uploads()).toEqual(afterLimit);
    expect((await listProjects()).length).toBe(projects + 1);
    expect(before.length + 2).toBe(afterLimit.length);
    expect(site.tmpFiles().filter((name) => name.includes("/"))).toEqual([]);
    // Tidy: the 10 MB file is not needed by the other tests.
    await call(url, "DELETE", `/api/projects/${id}?permanent=true`, { token: site.ownerToken });
  });

  it("replaces the loop on edit (the old file is deleted), keeps it when not sent, removes it with removeCoverVideo=true", async () => {
    const created = await postProject([
      ...fields("Replace me"),
      ["cover", await cover()],
      ["coverVideo", loop(5000)],
    ]);
    const id = created.body.data._id;
    const first = created.body.data.coverVideo;

    const kept = await putProject(id, [...fields("Renamed")]);
    expect(kept.status).toBe(200);
    expect(kept.body.data.coverVideo).toBe(first);

    const replaced = await putProject(id, [...fields("Renamed"), ["coverVideo", loop(7000)]]);
    expect(replaced.status).toBe(200);
    const second = replaced.body.data.coverVideo;
    expect(second).toMatch(/\.mp4$/);
    expect(second).not.toBe(first);
    expect(replaced.body.data.cover).toBe(created.body.data.cover);
    expect(site.uploads()).toContain(keyOf(second));
    expect(site.uploads()).not.toContain(keyOf(first));
    expect((await media(first)).status).toBe(404);

    // Both at once, or another value, is refused and changes nothing.
    const before = site.uploads();
    expect(
      await putProject(id, [
        ...fields("Renamed"),
        ["coverVideo", loop()],
        ["removeCoverVideo", "true"],
      ]),
    ).toMatchObject({
      status: 400,
      body: { message: "Send either a cover loop or removeCoverVideo, not both" },
    });
    expect(await putProject(id, [...fields("Renamed"), ["removeCoverVideo", "yes"]])).toMatchObject(
      { status: 400, body: { message: "removeCoverVideo must be true or false" } },
    );
    expect(site.uploads()).toEqual(before);

    const removed = await putProject(id, [...fields("Renamed"), ["removeCoverVideo", "true"]]);
    expect(removed.status).toBe(200);
    expect(removed.body.data.coverVideo).toBe("");
    expect(removed.body.data.cover).toBe(created.body.data.cover);
    expect(site.uploads()).not.toContain(keyOf(second));
  });

  it("removes the loop with removeCoverVideo in a JSON edit too", async () => {
    const created = await postProject([
      ...fields("JSON edit"),
      ["cover", await cover()],
      ["coverVideo", loop()],
    ]);
    const id = created.body.data._id;
    const answer = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      json: {
        title: "JSON edit",
        role: "Director",
        category: "Motion Design",
        removeCoverVideo: true,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.coverVideo).toBe("");
    expect(site.uploads()).not.toContain(keyOf(created.body.data.coverVideo));
  });

  it("is not served while its project is in the trash or a draft, is served again after restore, and goes with a permanent delete", async () => {
    const created = await postProject([
      ...fields("Trash me"),
      ["cover", await cover()],
      ["coverVideo", loop()],
    ]);
    const { _id: id, coverVideo } = created.body.data;
    expect((await media(coverVideo)).status).toBe(200);

    const trashed = await call(url, "DELETE", `/api/projects/${id}`, { token: site.ownerToken });
    expect(trashed.status).toBe(200);
    expect((await media(coverVideo)).status).toBe(404);
    expect(site.uploads()).toContain(keyOf(coverVideo));

    const restored = await call(url, "POST", `/api/projects/${id}/restore`, {
      token: site.ownerToken,
    });
    expect(restored.status).toBe(200);
    expect((await media(coverVideo)).status).toBe(200);

    // A draft's loop is for the owner only (docs/spec.md §11).
    expect((await putProject(id, [...fields("Trash me"), ["status", "draft"]])).status).toBe(200);
    expect((await media(coverVideo)).status).toBe(404);
    const owner = await media(coverVideo, {
      headers: { authorization: `Bearer ${site.ownerToken}` },
    });
    expect(owner.status).toBe(200);

    const gone = await call(url, "DELETE", `/api/projects/${id}?permanent=true`, {
      token: site.ownerToken,
    });
    expect(gone.status).toBe(200);
    expect(site.uploads()).not.toContain(keyOf(coverVideo));
    expect(site.uploads()).not.toContain(keyOf(created.body.data.cover));
  });

  it("refuses coverVideo from anyone but the owner, storing nothing", async () => {
    const before = site.uploads();
    const answer = await postProject(
      [...fields(), ["cover", await cover()], ["coverVideo", loop()]],
      site.strangerToken,
    );
    expect(answer.status).toBe(403);
    expect(site.uploads()).toEqual(before);
  });
});

/** Sends a cover loop's master with tus, as the owner; its upload id. */
const tusUpload = (file: string) => tusMaster(url, site.ownerToken, file, "cover-loop");

/** What a running encode is writing (lib/startup/video-worker.ts). */
const encoding = () => {
  const dir = path.join(site.dataDir, "encoding");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const projectOf = async (id: string) =>
  (await call<ProjectJson>(url, "GET", `/api/projects/${id}`, { token: site.ownerToken })).body
    .data;

describe("encoding a cover loop", () => {
  it("encodes a 1080p master sent with tus into muted renditions, trimmed to the frame; a phone's ≤ 720p is there", async () => {
    const master = makeMaster(masters, "master.mp4", { width: 1920, height: 1080, seconds: 4 });
    const upload = await tusUpload(master);
    const created = await postProject([
      ...fields("Encoded loop"),
      ["cover", await cover()],
      ["coverVideoUpload", upload],
      ["coverTrimStart", "0.52"],
      ["coverTrimEnd", "2.52"],
    ]);
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject({
      coverVideoStatus: "processing",
      coverTrimStart: 0.52,
      coverTrimEnd: 2.52,
    });
    // Until it is ready the one file is the upload, which the gallery does not play.
    expect(created.body.data.coverVideoRenditions).toEqual([
      {
        url: created.body.data.coverVideo,
        type: "video/mp4",
        width: null,
        height: null,
        bytes: null,
      },
    ]);

    const ready = await until(
      () => projectOf(id),
      (project) => project.coverVideoStatus !== "processing",
      180_000,
    );
    expect(ready.coverVideoStatus).toBe("ready");
    expect(ready.coverVideoRenditions.map(({ width, height }) => [width, height])).toEqual([
      [854, 480],
      [1280, 720],
      [1920, 1080],
    ]);
    expect(ready.coverVideo).toBe(ready.coverVideoRenditions[2]!.url);
    for (const rendition of ready.coverVideoRenditions) {
      const file = path.join(site.dataDir, "uploads", keyOf(rendition.url));
      const probe = await probeVideo(file);
      // Muted: no audio track at all; 2 s exactly (50 frames at 25 fps).
      expect(probe.audio).toBe(false);
      expect(probe.duration).toBeCloseTo(2, 1);
      expect(fs.statSync(file).size).toBe(rendition.bytes);
    }
    // The gallery's list carries the renditions; the status route reads ready.
    const listed = (await listProjects()).find((project) => project._id === id);
    expect(listed?.coverVideoRenditions).toEqual(ready.coverVideoRenditions);
    const state = await call<{ videoStatus: string; progress: number }>(
      url,
      "GET",
      `/api/projects/${id}/cover-video`,
      { token: site.ownerToken },
    );
    expect(state.body.data).toMatchObject({ videoStatus: "ready", progress: 100 });
    expect(encoding()).toEqual([]);
    await call(url, "DELETE", `/api/projects/${id}?permanent=true`, { token: site.ownerToken });
    for (const rendition of ready.coverVideoRenditions)
      expect(site.uploads()).not.toContain(keyOf(rendition.url));
  });

  it("refuses bad in and out points with 400, storing nothing", async () => {
    const before = site.uploads();
    const video: [string, Part] = [
      "coverVideo",
      {
        bytes: fs.readFileSync(
          makeMaster(masters, "short.mp4", { width: 320, height: 180, seconds: 1 }),
        ),
        name: "short.mp4",
        type: "video/mp4",
      },
    ];
    for (const [parts, message] of [
      [[["coverTrimStart", "-1"]], coverTimingMessages.trim],
      [[["coverTrimEnd", "soon"]], coverTimingMessages.trim],
      [
        [
          ["coverTrimStart", "2"],
          ["coverTrimEnd", "1"],
        ],
        coverTimingMessages.trimOrder,
      ],
      [
        [
          ["coverTrimStart", "1"],
          ["coverTrimEnd", "32"],
        ],
        coverTimingMessages.trimLength,
      ],
    ] as [[string, string][], string][]) {
      const answer = await postProject([
        ...fields("Bad trim"),
        ["cover", await cover()],
        video,
        ...parts,
      ]);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    // Without a loop there is nothing to trim.
    const plain = await postProject([
      ...fields("No loop"),
      ["cover", await cover()],
      ["coverTrimEnd", "2"],
    ]);
    expect([plain.status, plain.body.message]).toEqual([400, coverTimingMessages.needsLoop]);
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles().filter((name) => name.includes("/"))).toEqual([]);
  });

  it("stops the encode when the project is deleted mid-encode, leaving no file", async () => {
    const master = makeMaster(masters, "long.mp4", { width: 1920, height: 1080, seconds: 8 });
    const before = site.uploads();
    const created = await postProject([
      ...fields("Deleted mid-encode"),
      ["cover", await cover()],
      ["coverVideoUpload", await tusUpload(master)],
    ]);
    const id = created.body.data._id;
    await until(
      async () =>
        (
          await call<{ progress: number }>(url, "GET", `/api/projects/${id}/cover-video`, {
            token: site.ownerToken,
          })
        ).body.data,
      (state) => state.progress > 0,
      120_000,
    );
    // Meanwhile the gallery card shows the still alone: no loop to play.
    const gallery = await (await fetch(new URL("/", url))).text();
    const card = /<a [^>]*href="\/sections\/([0-9a-f]{24})"[^>]*>/g;
    const link = [...gallery.matchAll(card)].find((match) => match[1] === id)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toContain("data-loop");
    const gone = await call(url, "DELETE", `/api/projects/${id}?permanent=true`, {
      token: site.ownerToken,
    });
    expect(gone.status).toBe(200);
    // Within a heartbeat ffmpeg is stopped and its work removed: nothing of it is left.
    await until(
      async () => ({ uploads: site.uploads(), encoding: encoding() }),
      (state) => state.encoding.length === 0 && state.uploads.join() === before.join(),
      15_000,
    );
  });
});

describe("removePoster on section edit", () => {
  let projectId: string;
  beforeAll(async () => {
    const project = await postProject([...fields("Posters"), ["cover", await cover()]]);
    projectId = project.body.data._id;
  });
  const postSection = (parts: [string, Part][]) =>
    call<SectionJson>(url, "POST", `/api/sections/${projectId}`, {
      token: site.ownerToken,
      form: multipart(parts),
    });
  const putSection = (id: string, parts: [string, Part][]) =>
    call<SectionJson>(url, "PUT", `/api/sections/${id}`, {
      token: site.ownerToken,
      form: multipart(parts),
    });

  it("removes an uploaded poster: the video gets the generated still again, the old file is deleted", async () => {
    const still = await jpeg(64, 36);
    const created = await postSection([
      ["video", loop()],
      ["poster", { bytes: still, name: "frame.jpg", type: "image/jpeg" }],
    ]);
    expect(created.status).toBe(201);
    const uploaded = created.body.data.poster;
    expect(uploaded).toMatch(/\.jpg$/);

    const removed = await putSection(created.body.data._id, [["removePoster", "true"]]);
    expect(removed.status).toBe(200);
    const generated = removed.body.data.poster;
    expect(generated).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(removed.body.data.video).toBe(created.body.data.video);
    expect(site.uploads()).not.toContain(keyOf(uploaded));
    expect(site.uploads()).toContain(keyOf(generated));
    const bytes = Buffer.from(await (await media(generated)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1280, height: 720 });
  });

  it("removes a Vimeo link's poster (none is generated), and refuses a poster with removePoster or another value", async () => {
    const still = await jpeg(64, 36);
    const created = await postSection([
      ["videoEmbed", "https://vimeo.com/123456789"],
      ["poster", { bytes: still, name: "frame.jpg", type: "image/jpeg" }],
    ]);
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const before = site.uploads();
    expect(
      await putSection(id, [
        ["removePoster", "true"],
        ["poster", { bytes: still, name: "again.jpg", type: "image/jpeg" }],
      ]),
    ).toMatchObject({
      status: 400,
      body: { message: "Send either a poster or removePoster, not both" },
    });
    expect(await putSection(id, [["removePoster", "1"]])).toMatchObject({
      status: 400,
      body: { message: "removePoster must be true or false" },
    });
    expect(site.uploads()).toEqual(before);

    const removed = await putSection(id, [["removePoster", "true"]]);
    expect(removed.status).toBe(200);
    expect(removed.body.data.poster).toBe("");
    expect(removed.body.data.videoEmbed).toBe(created.body.data.videoEmbed);
    expect(site.uploads()).toEqual(before.filter((key) => key !== keyOf(created.body.data.poster)));
  });

  it("generates the still without a play glyph (the player draws its own): one flat colour", async () => {
    const created = await postSection([["video", loop()]]);
    const bytes = Buffer.from(await (await media(created.body.data.poster)).arrayBuffer());
    const stats = await sharp(bytes).stats();
    for (const channel of stats.channels.slice(0, 3)) {
      expect(channel.min).toBe(channel.max);
      expect(channel.mean).toBeGreaterThan(150);
    }
  });
});
