import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionJson } from "@/lib/data/serialize";
import type { SiteSettings } from "@/lib/validation/site-settings";
import {
  call,
  multipart,
  startApiSite,
  tusUpload,
  until,
  type ApiSite,
  type Part,
} from "../helpers/api-client";
import { htmlBytes, jpeg, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { makeColourMaster, makeMaster } from "../helpers/video-masters";
import { encoderMessages } from "@/lib/uploads/encode";
import { authHeaders } from "../helpers/auth";

/**
 * The Reel as an uploaded mp4 or a Vimeo link (PUT /api/settings, /reel), and the thumbnails a
 * Vimeo link saved without a poster gets from Vimeo's oEmbed endpoint (docs/api.md#site-settings,
 * docs/media.md#vimeo-thumbnails), against a stand-in for Vimeo: VIMEO_OEMBED_URL points at a
 * local server that answers as Vimeo does, hangs, fails, or names a thumbnail on a foreign host.
 */
type Mode = "vimeo" | "hang" | "error" | "foreign";
let mode: Mode = "vimeo";
const asked: string[] = [];
let thumbnail: Buffer;
const hanging = new Set<http.ServerResponse>();

const fake = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://fake");
  if (url.pathname === "/thumb.jpg") {
    response.writeHead(200, { "content-type": "image/jpeg" }).end(thumbnail);
    return;
  }
  asked.push(url.searchParams.get("url") ?? "");
  if (mode === "hang") return void hanging.add(response);
  if (mode === "error") return void response.writeHead(500).end();
  const origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const thumbnailUrl =
    mode === "foreign" ? "http://localhost:1/thumb.jpg" : `${origin}/thumb.jpg?size=1920`;
  response
    .writeHead(200, { "content-type": "application/json" })
    .end(JSON.stringify({ type: "video", thumbnail_url: thumbnailUrl, thumbnail_width: 640 }));
});

let site: ApiSite;
let url: string;
let projectId: string;
/** The project's cover: every other stored file is the test's. */
let cover: string[];

beforeAll(async () => {
  // A thumbnail of a colour no generated still has, at Vimeo's 16:9.
  thumbnail = await sharp({
    create: { width: 640, height: 360, channels: 3, background: "#1d4ed8" },
  })
    .jpeg()
    .toBuffer();
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const port = (fake.address() as AddressInfo).port;
  site = await startApiSite({ VIMEO_OEMBED_URL: `http://127.0.0.1:${port}/api/oembed.json` });
  url = site.server.url;
  const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Reels"],
      ["role", "Director"],
      ["category", "Motion Design"],
      ["cover", { bytes: await pngOfSize(2000, 10, 10), name: "c.png" }],
    ]),
  });
  projectId = project.body.data._id;
  cover = site.uploads();
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await site?.stop();
  await new Promise((resolve) => fake.close(resolve));
});

const keyOf = (mediaUrl: string) => mediaUrl.slice("/media/".length);
const owner = () => ({ token: site.ownerToken });
type Encoding = { videoStatus: string | null; videoError: string | null; progress: number };
/** The showreel's encoding as the owner's settings form reads it. */
const reelEncoding = async () =>
  (await call<Encoding>(url, "GET", "/api/settings/showreel-video", owner())).body.data;
const clip = (): Part => ({ bytes: mp4OfSize(4000), name: "reel.mp4", type: "video/mp4" });

/** The settings form as the dashboard sends it, with `parts` added. */
function settingsParts(parts: [string, Part][]): [string, Part][] {
  return [
    ["ownerName", "Sara Benali"],
    ["tagline", "Motion design"],
    ["biography", ""],
    ["contactEmail", ""],
    ...parts,
  ];
}
const putSettings = (parts: [string, Part][]) =>
  call<SiteSettings>(url, "PUT", "/api/settings", {
    token: site.ownerToken,
    form: multipart(settingsParts(parts)),
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

/** The stored image behind a media URL, as sharp reads it. */
/** The JSON-LD of the Reel page; null when it has none. */
async function reelLd(): Promise<Record<string, unknown> | null> {
  const html = await (await fetch(`${url}/reel`)).text();
  const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return ld ? (JSON.parse(ld.replace(/\\u003c/g, "<")) as Record<string, unknown>) : null;
}

async function stored(mediaUrl: string) {
  const response = await fetch(new URL(mediaUrl, url));
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  const { dominant } = await sharp(bytes).stats();
  return { width, height, format, dominant };
}

/** Vimeo's thumbnail as stored: the stand-in's 640 × 360 blue JPEG. */
async function expectThumbnail(mediaUrl: string) {
  expect(mediaUrl).toMatch(/^\/media\/.+\.jpg$/);
  const image = await stored(mediaUrl);
  expect(image).toMatchObject({ width: 640, height: 360, format: "jpeg" });
  expect(image.dominant.b).toBeGreaterThan(200);
}

describe("the Reel as an uploaded mp4", () => {
  it("stores the mp4 with a generated poster and /reel plays it in the uploaded-video player", async () => {
    const saved = await putSettings([
      ["showreelUrl", ""],
      ["showreelVideo", clip()],
    ]);
    expect(saved.status).toBe(200);
    const reel = saved.body.data;
    expect(reel.showreelUrl).toBe("");
    expect(reel.showreelVideoUrl).toMatch(/^\/media\/.+\.mp4$/);
    // No poster sent, and a file ffmpeg cannot read a frame of: the generated neutral still.
    expect(reel.showreelPosterUrl).toMatch(/^\/media\/.+\.png$/);
    expect(reel.showreelPosterPlaceholder).toMatch(/^data:image\/webp;base64,/);
    expect(site.uploads()).toEqual(
      [...cover, keyOf(reel.showreelVideoUrl), keyOf(reel.showreelPosterUrl)].sort(),
    );
    expect(asked).toEqual([]);

    const html = await (await fetch(`${url}/reel`)).text();
    expect(html).toContain(`src="${reel.showreelVideoUrl}"`);
    expect(html).toContain(encodeURIComponent(reel.showreelPosterUrl));
    expect(html).toContain('aria-label="Showreel of Sara Benali (video)"');
    expect(html).not.toContain("player.vimeo.com");

    // Encoded after the save, as a section's video: this file holds no picture the encoder can
    // read, so its encoding fails with the reason, and the page plays it as uploaded meanwhile.
    const failed = await until(reelEncoding, (state) => state.videoStatus === "failed");
    expect(failed.videoError).toBe(encoderMessages.unreadable);
    expect(await (await fetch(`${url}/reel`)).text()).toContain(`src="${reel.showreelVideoUrl}"`);
    // Only the owner reads and retries it; a retry queues it again.
    expect((await call(url, "GET", "/api/settings/showreel-video")).status).toBe(401);
    const stranger = { token: site.strangerToken };
    expect((await call(url, "POST", "/api/settings/showreel-video", stranger)).status).toBe(403);
    const retried = await call<SiteSettings>(url, "POST", "/api/settings/showreel-video", owner());
    expect(retried).toMatchObject({
      status: 202,
      body: { data: { showreelVideoStatus: "processing" } },
    });
    await until(reelEncoding, (state) => state.videoStatus === "failed");
    expect((await call(url, "PUT", "/api/settings/showreel-video", owner())).status).toBe(405);
    // A poster frame picked in a file ffmpeg cannot read: the reason, not a still nobody asked for.
    const settled = (await call<SiteSettings>(url, "GET", "/api/settings")).body.data;
    expect(
      await putSettings([
        ["showreelUrl", ""],
        ["showreelPosterTime", "1"],
      ]),
    ).toMatchObject({ status: 415, body: { message: encoderMessages.unreadable } });
    expect((await call<SiteSettings>(url, "GET", "/api/settings")).body.data).toEqual(settled);
  });

  it("takes the poster of an mp4 sent without one from its first picture after a black lead-in", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reel-"));
    const master = makeColourMaster(dir, "reel.mp4", {
      colours: ["black", "lime", "blue"],
      width: 480,
      height: 270,
    });
    const bytes = fs.readFileSync(master);
    fs.rmSync(dir, { recursive: true, force: true });
    const sent = Date.now();
    const saved = await putSettings([
      ["showreelUrl", ""],
      ["showreelVideo", { bytes, name: "reel.mp4", type: "video/mp4" }],
    ]);
    expect(saved.status).toBe(200);
    const reel = saved.body.data;
    // Published now: the date search engines are given (/reel's JSON-LD, below).
    const since = Date.parse(reel.showreelSince ?? "");
    expect(since).toBeGreaterThanOrEqual(sent - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    // A JPEG of the video's own size and of its first non-black second (lime), not the still.
    expect(reel.showreelPosterUrl).toMatch(/^\/media\/.+\.jpg$/);
    const image = await stored(reel.showreelPosterUrl);
    expect(image).toMatchObject({ width: 480, height: 270, format: "jpeg" });
    expect(image.dominant.g).toBeGreaterThan(200);
    expect(image.dominant.r + image.dominant.b).toBeLessThan(100);
    expect(reel.showreelPosterPlaceholder).toMatch(/^data:image\/webp;base64,/);
    expect(site.tmpFiles()).toEqual([]);
    // /reel describes it as a VideoObject: the H.264 file it plays, its poster, length and date.
    // (The file as uploaded, or its rendition once encoded: the encoder runs meanwhile.)
    const ld = await reelLd();
    expect(ld).toMatchObject({
      "@type": "VideoObject",
      contentUrl: expect.stringMatching(/^http:\/\/[^/]+\/media\/[^/]+\.mp4$/),
      uploadDate: reel.showreelSince,
      duration: "PT3S",
    });
    expect(String(ld?.thumbnailUrl).endsWith(reel.showreelPosterUrl)).toBe(true);
  });

  it("takes the poster from the frame the owner picks, on the stored video's frames", async () => {
    // The stored Reel's own job (an H.264 file under 480p, served as uploaded) is over.
    await until(reelEncoding, (state) => state.videoStatus !== "processing");
    const before = (await call<SiteSettings>(url, "GET", "/api/settings")).body.data;
    // The picker's frames of the stored Reel (black, lime, then blue, a second each).
    const strip = await fetch(new URL("/api/settings/showreel-video/frames", url), {
      headers: authHeaders(site.ownerToken),
    });
    expect(strip.status).toBe(200);
    expect(strip.headers.get("content-type")).toBe("image/jpeg");
    expect(Number(strip.headers.get("x-video-duration"))).toBeCloseTo(3, 0);
    expect((await fetch(new URL("/api/settings/showreel-video/frames", url))).status).toBe(401);

    const picked = await putSettings([
      ["showreelUrl", ""],
      ["showreelPosterTime", "2.5"],
    ]);
    expect(picked.status).toBe(200);
    const after = picked.body.data;
    expect(after.showreelVideoUrl).toBe(before.showreelVideoUrl);
    expect(after.showreelPosterUrl).toMatch(/^\/media\/.+\.jpg$/);
    const image = await stored(after.showreelPosterUrl);
    expect(image).toMatchObject({ width: 480, height: 270 });
    expect(image.dominant.b).toBeGreaterThan(200);
    expect(image.dominant.r + image.dominant.g).toBeLessThan(100);
    // The earlier poster's file is deleted with the save.
    expect(site.uploads()).not.toContain(keyOf(before.showreelPosterUrl));

    // A time that is no number of seconds, or one with a link instead of a stored video: refused.
    const files = site.uploads();
    expect(
      await putSettings([
        ["showreelUrl", ""],
        ["showreelPosterTime", "soon"],
      ]),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          "showreelPosterTime must be a number of seconds from 0 (or empty for the first non-black frame)",
      },
    });
    expect(
      await putSettings([
        ["showreelUrl", "https://vimeo.com/76979871"],
        ["showreelPosterTime", "1"],
      ]),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          "showreelPosterTime needs a showreel video file stored on this site (not a Vimeo link)",
      },
    });
    expect((await call<SiteSettings>(url, "GET", "/api/settings")).body.data).toEqual(after);
    expect(site.uploads()).toEqual(files);
    expect(asked).toEqual([]);
  });

  it("refuses an mp4 sent with a link or a file that is no mp4, changing nothing", async () => {
    const before = (await call<SiteSettings>(url, "GET", "/api/settings")).body.data;
    const files = site.uploads();
    expect(
      await putSettings([
        ["showreelUrl", "https://vimeo.com/76979871"],
        ["showreelVideo", clip()],
      ]),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: "Send either a video file or a Vimeo link, not both" },
    });
    const fake = await putSettings([
      ["showreelUrl", ""],
      ["showreelVideo", { bytes: htmlBytes(), name: "reel.mp4", type: "video/mp4" }],
    ]);
    expect(fake.status).toBe(415);
    expect((await call<SiteSettings>(url, "GET", "/api/settings")).body.data).toEqual(before);
    expect(site.uploads()).toEqual(files);
    expect(site.tmpFiles()).toEqual([]);
  });

  it("keeps the mp4 and its poster on a save without the video, and replaces it with a link", async () => {
    const before = (await call<SiteSettings>(url, "GET", "/api/settings")).body.data;
    const kept = await putSettings([["showreelUrl", ""]]);
    expect(kept.body.data).toMatchObject({
      showreelVideoUrl: before.showreelVideoUrl,
      showreelPosterUrl: before.showreelPosterUrl,
      showreelSince: before.showreelSince,
    });

    mode = "vimeo";
    const linked = await putSettings([
      ["showreelUrl", "https://vimeo.com/76979871"],
      ["removeShowreelVideo", "true"],
    ]);
    expect(linked.status).toBe(200);
    const after = linked.body.data;
    expect(after).toMatchObject({
      showreelUrl: "https://player.vimeo.com/video/76979871",
      showreelVideoUrl: "",
      showreelVideoKey: null,
    });
    // Another video drops the old poster; the link without one gets Vimeo's thumbnail.
    expect(asked).toEqual(["https://vimeo.com/76979871"]);
    await expectThumbnail(after.showreelPosterUrl);
    expect(after.showreelPosterPlaceholder).toMatch(/^data:image\/webp;base64,/);
    expect(site.uploads()).toEqual([...cover, keyOf(after.showreelPosterUrl)].sort());
    const html = await (await fetch(`${url}/reel`)).text();
    expect(html).toContain("Play the showreel");
    expect(html).toContain(encodeURIComponent(after.showreelPosterUrl));
    // Another Reel, published now.
    expect(Date.parse(after.showreelSince ?? "")).toBeGreaterThan(
      Date.parse(before.showreelSince!),
    );
    expect(await reelLd()).toMatchObject({
      embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
      uploadDate: after.showreelSince,
    });

    // The same link saved again keeps its poster without asking Vimeo again.
    const again = await putSettings([["showreelUrl", "https://vimeo.com/76979871"]]);
    expect(again.body.data.showreelPosterUrl).toBe(after.showreelPosterUrl);
    expect(asked).toHaveLength(1);
    // It is the same Reel: its date stays. Without a link or a video there is none.
    expect(again.body.data.showreelSince).toBe(after.showreelSince);
    const none = await putSettings([["showreelUrl", ""]]);
    expect(none.body.data).toMatchObject({ showreelUrl: "", showreelSince: null });
    expect(await reelLd()).toBeNull();
  });
});

describe("the Reel as an encoded master", () => {
  it("encodes an HEVC master sent as a resumable upload: its poster alone on /reel meanwhile, then its renditions per screen; a link leaves none of its files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reel-"));
    const master = makeMaster(dir, "reel-master.mp4", {
      width: 1280,
      height: 720,
      seconds: 3,
      hevc: true,
    });
    const upload = await tusUpload(url, site.ownerToken, master, "video");
    fs.rmSync(dir, { recursive: true, force: true });
    const saved = await putSettings([
      ["showreelUrl", ""],
      ["showreelVideoUpload", upload],
    ]);
    expect(saved.status).toBe(200);
    const reel = saved.body.data;
    expect(reel).toMatchObject({
      showreelVideoStatus: "processing",
      showreelVideoRenditions: [],
      showreelVideoMeta: { width: 1280, height: 720, codec: "hevc" },
    });
    // Its first non-black picture is its poster, taken at the save.
    expect(reel.showreelPosterUrl).toMatch(/^\/media\/.+\.jpg$/);

    // No browser but Safari plays HEVC: the page shows the poster, without a player, meanwhile.
    const meanwhile = await (await fetch(`${url}/reel`)).text();
    expect(meanwhile).not.toContain(`src="${reel.showreelVideoUrl}"`);
    expect(meanwhile).not.toContain("<video");
    expect(meanwhile).toContain(encodeURIComponent(reel.showreelPosterUrl));
    const preparing =
      "The showreel is being prepared. Reload the page in a few minutes to play it.";
    expect(meanwhile).toContain(preparing);

    await until(reelEncoding, (state) => state.videoStatus === "ready");
    expect(await reelEncoding()).toMatchObject({ progress: 100, videoError: null });
    const ready = (await call<SiteSettings>(url, "GET", "/api/settings")).body.data;
    expect(ready.showreelVideoRenditions.map(({ width, height }) => [width, height])).toEqual([
      [854, 480],
      [1280, 720],
    ]);
    const renditions = ready.showreelVideoRenditions.map((rendition) => rendition.url);
    // Everyone's settings name the best rendition; the master is kept (KEEP_MASTERS) beside the
    // renditions, but not named.
    expect(ready.showreelVideoUrl).toBe(renditions[1]);
    expect(JSON.stringify(ready)).not.toContain(reel.showreelVideoUrl);
    const html = await (await fetch(`${url}/reel`)).text();
    expect(html).toContain(
      `<source src="${renditions[0]}" type="video/mp4" media="(max-width: 854px)"/>`,
    );
    expect(html).toContain(`<source src="${renditions[1]}" type="video/mp4"/>`);
    expect(html).not.toContain(`src="${reel.showreelVideoUrl}"`);
    expect(html).not.toContain(preparing);
    expect(site.uploads()).toEqual(
      expect.arrayContaining([keyOf(reel.showreelVideoUrl), ...renditions.map(keyOf)]),
    );

    // A link saved instead removes the master and its renditions.
    const linked = await putSettings([
      ["showreelUrl", "https://vimeo.com/76979871"],
      ["removeShowreelVideo", "true"],
    ]);
    expect(linked.body.data).toMatchObject({
      showreelVideoUrl: "",
      showreelVideoStatus: null,
      showreelVideoRenditions: [],
    });
    const left = site.uploads();
    for (const key of [keyOf(reel.showreelVideoUrl), ...renditions.map(keyOf)])
      expect(left).not.toContain(key);
    expect(await reelEncoding()).toMatchObject({ videoStatus: null });
  });
});

describe("Vimeo thumbnails of sections", () => {
  it("gives a Vimeo section without a poster Vimeo's thumbnail, and keeps an owner's poster", async () => {
    asked.length = 0;
    mode = "vimeo";
    const section = await postSection([["videoEmbed", "https://vimeo.com/123456/abcdef12"]]);
    expect(section.status).toBe(201);
    // An unlisted video is asked for with its hash.
    expect(asked).toEqual(["https://vimeo.com/123456/abcdef12"]);
    await expectThumbnail(section.body.data.poster);
    expect(section.body.data.posterPlaceholder).toMatch(/^data:image\/webp;base64,/);
    // Drawn like any poster: the facade over the optimizer's widths, the player loaded on a click.
    const page = await (await fetch(`${url}/sections/${projectId}`)).text();
    expect(page).toContain(encodeURIComponent(section.body.data.poster));
    expect(page).toContain("Play the video");

    const owned = await postSection([
      ["videoEmbed", "https://vimeo.com/654321"],
      ["poster", { bytes: await jpeg(64, 36), name: "p.jpg" }],
    ]);
    expect(owned.status).toBe(201);
    expect(asked).toHaveLength(1);
    expect((await stored(owned.body.data.poster)).width).toBe(64);

    // An edit keeping the link keeps its thumbnail; another link gets its own, the old one goes.
    const id = section.body.data._id;
    const same = await putSection(id, [
      ["title", "Renamed"],
      ["videoEmbed", "https://vimeo.com/123456/abcdef12"],
    ]);
    expect(same.body.data.poster).toBe(section.body.data.poster);
    expect(asked).toHaveLength(1);
    const other = await putSection(id, [["videoEmbed", "https://vimeo.com/777"]]);
    expect(asked).toEqual(["https://vimeo.com/123456/abcdef12", "https://vimeo.com/777"]);
    await expectThumbnail(other.body.data.poster);
    expect(other.body.data.poster).not.toBe(section.body.data.poster);
    expect(site.uploads()).not.toContain(keyOf(section.body.data.poster));
  });

  it("saves without a poster, within the time budget, when Vimeo hangs, fails or names another host", async () => {
    for (const unreachable of ["hang", "error", "foreign"] as const) {
      mode = unreachable;
      const files = site.uploads();
      const started = Date.now();
      const section = await postSection([["videoEmbed", "https://vimeo.com/42"]]);
      const took = Date.now() - started;
      expect(section.status, unreachable).toBe(201);
      expect(section.body.data.poster, unreachable).toBe("");
      expect(site.uploads(), unreachable).toEqual(files);
      // THUMBNAIL_TIMEOUT_MS (3 s) and the save itself on a busy machine.
      if (unreachable === "hang") expect(took).toBeGreaterThanOrEqual(2900);
      expect(took, unreachable).toBeLessThan(8000);
    }
    // The Reel likewise: its link saves with no poster.
    mode = "error";
    const reel = await putSettings([
      ["showreelUrl", "https://vimeo.com/99"],
      ["removeShowreelPoster", "true"],
    ]);
    expect(reel.status).toBe(200);
    expect(reel.body.data.showreelPosterUrl).toBe("");
    const html = await (await fetch(`${url}/reel`)).text();
    expect(html).toContain("Play the showreel");
  });
});
