import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionJson } from "@/lib/data/serialize";
import { call, multipart, type Part } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { htmlBytes, jpeg, MB, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";

/**
 * docs/spec.md §2: an uploaded video's `playback` ("player" or "loop") and the poster every video
 * shows before it plays (the owner's image, or a generated neutral still), over the REST API.
 */
let site: SharedSite;
let url: string;
let projectId: string;
/** The shared site's stored files before this file's project. */
let uploadsBefore: string[];

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  uploadsBefore = site.uploads();
  const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Loops"],
      ["role", "Director"],
      ["category", "Motion Design"],
      ["cover", { bytes: await pngOfSize(2000, 10, 10), name: "c.png" }],
    ]),
  });
  projectId = project.body.data._id;
});
afterAll(() => site?.stop());

const keyOf = (mediaUrl: string) => mediaUrl.slice("/media/".length);
const video = (name = "clip.mp4", size = 4000): Part => ({
  bytes: mp4OfSize(size),
  name,
  type: "video/mp4",
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
const listSections = async () =>
  (await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`)).body.data;
async function fetchImage(mediaUrl: string) {
  const response = await fetch(new URL(mediaUrl, url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("playback", () => {
  it("defaults to player, takes loop, and refuses any other value with 400, storing nothing", async () => {
    const plain = await postSection([["video", video()]]);
    expect(plain.status).toBe(201);
    expect(plain.body.data.playback).toBe("player");

    const loop = await postSection([
      ["video", video()],
      ["playback", "loop"],
    ]);
    expect(loop.status).toBe(201);
    expect(loop.body.data.playback).toBe("loop");

    const sections = (await listSections()).length;
    const before = site.uploads();
    for (const bad of ["autoplay", "LOOP", ""]) {
      expect(
        await postSection([
          ["video", video()],
          ["playback", bad],
        ]),
      ).toMatchObject({
        status: 400,
        body: { success: false, message: 'Playback must be "player" or "loop"' },
      });
      expect(await putSection(loop.body.data._id, [["playback", bad]])).toMatchObject({
        status: 400,
        body: { message: 'Playback must be "player" or "loop"' },
      });
    }
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles()).toEqual([]);
    expect(await listSections()).toHaveLength(sections);

    // Changing only the playback keeps the video and its poster.
    const changed = await putSection(loop.body.data._id, [["playback", "player"]]);
    expect(changed.body.data).toMatchObject({
      playback: "player",
      video: loop.body.data.video,
      poster: loop.body.data.poster,
    });
  });
});

describe("posters", () => {
  it("gives a video sent without a poster a generated neutral still (a PNG, never a black frame) until its frame is taken", async () => {
    const answer = await postSection([["video", video()]]);
    expect(answer.status).toBe(201);
    const { poster } = answer.body.data;
    // Its first non-black picture replaces the still when its encode starts (test/api/video-encoding);
    // these bytes hold no picture, so the still stays.
    expect(answer.body.data.posterFromVideo).toBe(true);
    expect(poster).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const bytes = await fetchImage(poster);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1280, height: 720 });
    const stats = await sharp(bytes).stats();
    // The site's light neutral, not black: every channel's mean is bright.
    for (const channel of stats.channels.slice(0, 3)) expect(channel.mean).toBeGreaterThan(150);
  });

  it("stores the owner's poster beside the video and serves it", async () => {
    const still = await jpeg(64, 36);
    const answer = await postSection([
      ["video", video()],
      ["playback", "loop"],
      ["poster", { bytes: still, name: "frame.jpg", type: "image/jpeg" }],
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data.poster).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(await fetchImage(answer.body.data.poster)).toEqual(still);
    expect(site.uploads()).toContain(keyOf(answer.body.data.poster));
  });

  it("refuses a poster that is not an image (415), too large (413) or without a video (400), storing nothing", async () => {
    const sections = (await listSections()).length;
    const before = site.uploads();
    expect(
      await postSection([
        ["video", video()],
        ["poster", { bytes: htmlBytes(), name: "poster.png", type: "image/png" }],
      ]),
    ).toMatchObject({ status: 415, body: { message: "Invalid file type: poster.png" } });
    expect(
      await postSection([
        ["video", video()],
        ["poster", { bytes: mp4OfSize(3000), name: "clip.jpg", type: "image/jpeg" }],
      ]),
    ).toMatchObject({ status: 415, body: { message: "Invalid file type: clip.jpg" } });
    expect(
      await postSection([
        ["video", video()],
        ["poster", { bytes: await pngOfSize(5 * MB + 1), name: "huge.png", type: "image/png" }],
      ]),
    ).toMatchObject({ status: 413, body: { message: "File too large: huge.png" } });
    expect(
      await postSection([
        ["title", "Only text"],
        ["poster", { bytes: await jpeg(), name: "p.jpg", type: "image/jpeg" }],
      ]),
    ).toMatchObject({
      status: 400,
      body: { message: "A poster needs a video file or a Vimeo link" },
    });
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles()).toEqual([]);
    expect(await listSections()).toHaveLength(sections);
  });

  it("follows its video on edits: replaced alone, dropped with the video, regenerated for a new one", async () => {
    const created = await postSection([["video", video()]]);
    const id = created.body.data._id;
    const generated = created.body.data.poster;

    // A poster alone replaces the current one; the old file goes.
    const replaced = await putSection(id, [
      ["poster", { bytes: await jpeg(32, 18), name: "p.jpg", type: "image/jpeg" }],
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.poster).toMatch(/\.jpg$/);
    expect(replaced.body.data.video).toBe(created.body.data.video);
    expect(site.uploads()).not.toContain(keyOf(generated));

    // A refused poster on edit leaves the section and its files as they were.
    const before = site.uploads();
    expect(
      await putSection(id, [["poster", { bytes: htmlBytes(), name: "x.gif", type: "image/gif" }]]),
    ).toMatchObject({ status: 415 });
    expect(site.uploads()).toEqual(before);

    // A new video without a poster gets a new generated one until its frame is taken; old video
    // and poster go.
    const framed = await putSection(id, [["video", video("framed.mp4")]]);
    expect(framed.body.data).toMatchObject({ poster: expect.stringMatching(/\.png$/) });
    expect(framed.body.data.posterFromVideo).toBe(true);
    expect(site.uploads()).not.toContain(keyOf(replaced.body.data.poster));
    expect(site.uploads()).not.toContain(keyOf(created.body.data.video));
    // With removePoster it keeps the generated still: no frame is taken.
    const newVideo = await putSection(id, [
      ["video", video("new.mp4")],
      ["removePoster", "true"],
    ]);
    expect(newVideo.body.data.poster).toMatch(/\.png$/);
    expect(newVideo.body.data.posterFromVideo).toBe(false);
    expect(site.uploads()).not.toContain(keyOf(framed.body.data.poster));

    // Removing the video removes its poster.
    const removed = await putSection(id, [["removeVideo", "true"]]);
    expect(removed.body.data).toMatchObject({ video: "", poster: "" });
    expect(site.uploads()).not.toContain(keyOf(newVideo.body.data.poster));
    expect(site.uploads()).not.toContain(keyOf(newVideo.body.data.video));

    // …and a poster for a section without any video is refused.
    expect(
      await putSection(id, [
        ["poster", { bytes: await jpeg(), name: "p.jpg", type: "image/jpeg" }],
      ]),
    ).toMatchObject({
      status: 400,
      body: { message: "A poster needs a video file or a Vimeo link" },
    });
  });

  it("gives a Vimeo section the owner's poster, kept while the link stays, dropped with another", async () => {
    const created = await postSection([
      ["videoEmbed", "https://vimeo.com/123456789"],
      ["poster", { bytes: await jpeg(48, 27), name: "reel.jpg", type: "image/jpeg" }],
    ]);
    expect(created.status).toBe(201);
    const { _id: id, poster } = created.body.data;
    expect(poster).toMatch(/\.jpg$/);
    // No Vimeo poster is generated: without one the page shows the player itself.
    expect((await postSection([["videoEmbed", "https://vimeo.com/5"]])).body.data.poster).toBe("");

    const same = await putSection(id, [
      ["title", "Reel"],
      ["videoEmbed", "https://player.vimeo.com/video/123456789"],
    ]);
    expect(same.body.data.poster).toBe(poster);
    const other = await putSection(id, [["videoEmbed", "https://vimeo.com/987654321"]]);
    expect(other.body.data.poster).toBe("");
    expect(site.uploads()).not.toContain(keyOf(poster));
  });

  it("are deleted with their section and with their project (no orphans)", async () => {
    // Deleted for good (?permanent=true); a delete to the trash keeps the files until the purge.
    const created = await postSection([
      ["video", video()],
      ["poster", { bytes: await jpeg(), name: "p.jpg", type: "image/jpeg" }],
    ]);
    const { _id: id, poster, video: clip } = created.body.data;
    expect(
      (
        await call(url, "DELETE", `/api/sections/${id}?permanent=true`, {
          token: site.ownerToken,
        })
      ).status,
    ).toBe(200);
    expect(site.uploads()).not.toContain(keyOf(poster));
    expect(site.uploads()).not.toContain(keyOf(clip));

    await postSection([["video", video()]]);
    expect(
      (
        await call(url, "DELETE", `/api/projects/${projectId}?permanent=true`, {
          token: site.ownerToken,
        })
      ).status,
    ).toBe(200);
    expect(site.uploads()).toEqual(uploadsBefore);
  });
});
