import { createHash, randomFillSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "../helpers/auth";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { startCloudinaryStandIn } from "../helpers/cloudinary-stand-in";
import { MB, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { makeMaster } from "../helpers/video-masters";

let standIn: Awaited<ReturnType<typeof startCloudinaryStandIn>>;
let site: ApiSite;

beforeAll(async () => {
  standIn = await startCloudinaryStandIn("site-cloud", "k1", "secret-1");
  site = await startApiSite({
    CLOUDINARY_URL: `cloudinary://k1:secret-1@site-cloud?upload_prefix=${standIn.url}`,
  });
});
afterAll(async () => {
  await site?.stop();
  await standIn?.stop();
});

describe("the API on Cloudinary storage (CLOUDINARY_URL)", () => {
  it("uploads covers and section media to Cloudinary and destroys them with the project", async () => {
    const project = await call<{ _id: string; cover: string }>(
      site.server.url,
      "POST",
      "/api/projects",
      {
        token: site.ownerToken,
        form: multipart([
          ["title", "Cloud"],
          ["role", "Director"],
          ["category", "Motion Design"],
          ["cover", { bytes: await pngOfSize(4000), name: "c.png" }],
        ]),
      },
    );
    expect(project.status).toBe(201);
    expect(project.body.data.cover).toMatch(
      /^https:\/\/res\.cloudinary\.com\/site-cloud\/image\/upload\//,
    );
    const section = await call<{ video: string; resources: string }>(
      site.server.url,
      "POST",
      `/api/sections/${project.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([
          ["resources", { bytes: await pngOfSize(2000), name: "a.png" }],
          ["video", { bytes: mp4OfSize(100_000), name: "v.mp4", type: "video/mp4" }],
        ]),
      },
    );
    expect(section.status).toBe(201);
    expect(section.body.data.video).toMatch(/\/site-cloud\/video\/upload\//);
    // Cover, image, video, and the video's generated poster (docs/spec.md: every video has one).
    expect([...standIn.uploads.values()].map((u) => u.resourceType).sort()).toEqual([
      "image",
      "image",
      "image",
      "video",
    ]);
    expect(site.uploads()).toEqual([]);

    expect(
      (
        await call(
          site.server.url,
          "DELETE",
          `/api/projects/${project.body.data._id}?permanent=true`,
          {
            token: site.ownerToken,
          },
        )
      ).status,
    ).toBe(200);
    expect(standIn.uploads.size).toBe(0);
    expect(standIn.destroyed.map((d) => d.resourceType).sort()).toEqual([
      "image",
      "image",
      "image",
      "video",
    ]);
  });

  it("makes a Cloudinary video's renditions and poster frame from Cloudinary's transformations, for its trim", async () => {
    const project = await call<{ _id: string }>(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", "Loops"],
        ["role", "Director"],
        ["category", "Motion Design"],
        ["cover", { bytes: await pngOfSize(4000), name: "c.png" }],
      ]),
    });
    const uploadsBefore = standIn.uploads.size;
    standIn.reportNext({ width: 1920, height: 1080, duration: 12, frameRate: 25 });
    type Answer = {
      _id: string;
      version: number;
      video: string;
      poster: string;
      videoStatus: string;
      videoRenditions: { url: string; width: number; height: number; bytes: null }[];
    };
    const created = await call<Answer>(
      site.server.url,
      "POST",
      `/api/sections/${project.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([
          ["video", { bytes: mp4OfSize(100_000), name: "v.mp4", type: "video/mp4" }],
          ["playback", "loop"],
          ["trimStart", "2"],
          ["trimEnd", "6.48"],
          ["posterTime", "3"],
        ]),
      },
    );
    expect(created.status).toBe(201);
    const section = created.body.data;
    const [, stored] = /\/(v\d+\/[^,]+)\.mp4$/.exec(section.videoRenditions[0]!.url)!;
    const base = "https://res.cloudinary.com/site-cloud/video/upload";
    expect(section.videoStatus).toBe("ready");
    expect(section.videoRenditions).toEqual(
      [
        [854, 480, 1200],
        [1280, 720, 2500],
        [1920, 1080, 5000],
      ].map(([width, height, rate]) => ({
        url: `${base}/so_2,eo_6.48/c_limit,w_${width},h_${height}/vc_h264,br_${rate}k,q_auto,ac_none/${stored}.mp4`,
        type: "video/mp4",
        width,
        height,
        bytes: null,
      })),
    );
    expect(section.video).toBe(section.videoRenditions[2]!.url);
    expect(section.poster).toBe(`${base}/so_3/${stored}.jpg`);
    // The video alone went to Cloudinary: the poster is its frame, not a generated still.
    expect(standIn.uploads.size).toBe(uploadsBefore + 1);

    const edited = await call<Answer>(site.server.url, "PUT", `/api/sections/${section._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["version", String(section.version)],
        ["trimStart", "1"],
        ["posterTime", ""],
      ]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.videoRenditions[0]!.url).toContain(
      "/so_1,eo_6.48/c_limit,w_854,h_480/",
    );
    expect(edited.body.data.poster).toBe(`${base}/so_auto/${stored}.jpg`);
    // The visitor's page draws that frame through next/image and knows the loop's renditions.
    const page = await (await fetch(`${site.server.url}/sections/${project.body.data._id}`)).text();
    expect(page).toContain(encodeURIComponent(`${base}/so_auto/${stored}.jpg`));
    for (const rendition of edited.body.data.videoRenditions) expect(page).toContain(rendition.url);

    // Cloudinary refuses the next one: a 502 with its reason, and nothing kept anywhere.
    standIn.refuseNextChunked("Video is too long");
    const refused = await call(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([["video", { bytes: mp4OfSize(100_000), name: "w.mp4", type: "video/mp4" }]]),
    });
    expect(refused).toMatchObject({
      status: 502,
      body: { message: "Cloudinary refused w.mp4: Video is too long" },
    });
    expect(standIn.uploads.size).toBe(uploadsBefore + 1);
    expect(site.uploads()).toEqual([]);
    expect(site.tmpFiles()).toEqual([]);
    const listed = await call<unknown[]>(
      site.server.url,
      "GET",
      `/api/sections/${project.body.data._id}`,
      { token: site.ownerToken },
    );
    expect(listed.body.data).toHaveLength(1);
  });

  it("gives a Cloudinary video sent without a poster the first non-black frame of the file it sent", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-fade-"));
    // Black for its first 0.8 s (a fade-in's lead-in), then ffmpeg's test pattern.
    const fade = makeMaster(dir, "fade.mp4", {
      width: 320,
      height: 180,
      seconds: 2,
      audio: false,
      blackSeconds: 0.8,
    });
    const bytes = fs.readFileSync(fade);
    fs.rmSync(dir, { recursive: true, force: true });
    const project = await call<{ _id: string }>(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", "Fade"],
        ["role", "Director"],
        ["category", "Motion Design"],
        ["cover", { bytes: await pngOfSize(4000), name: "c.png" }],
      ]),
    });
    standIn.reportNext({ width: 320, height: 180, duration: 2, frameRate: 25 });
    type Answer = { _id: string; version: number; poster: string; posterFromVideo: boolean };
    const uploadsBefore = standIn.uploads.size;
    // Neither a poster nor a poster time: the video's own frame, never the generated still.
    const created = await call<Answer>(
      site.server.url,
      "POST",
      `/api/sections/${project.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([["video", { bytes, name: "fade.mp4", type: "video/mp4" }]]),
      },
    );
    expect(created.status).toBe(201);
    expect(standIn.uploads.size).toBe(uploadsBefore + 1);
    const base = "https://res.cloudinary.com/site-cloud/video/upload";
    const [, at, stored] = /\/so_([\d.]+)\/(v\d+\/.+)\.jpg$/.exec(created.body.data.poster) ?? [];
    expect(created.body.data.poster).toBe(`${base}/so_${at}/${stored}.jpg`);
    // The first frame drawn without the black box: 0.8 s, within one frame (40 ms).
    expect(Math.abs(Number(at) - 0.8)).toBeLessThanOrEqual(0.04);
    expect(created.body.data.posterFromVideo).toBe(true);

    // The owner's pick wins; an empty time goes back to the first non-black frame.
    const section = created.body.data;
    const picked = await call<Answer>(site.server.url, "PUT", `/api/sections/${section._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["version", String(section.version)],
        ["posterTime", "1.5"],
      ]),
    });
    expect(picked.body.data.poster).toBe(`${base}/so_1.5/${stored}.jpg`);
    const reset = await call<Answer>(site.server.url, "PUT", `/api/sections/${section._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["version", String(picked.body.data.version)],
        ["posterTime", ""],
      ]),
    });
    expect(reset.body.data.poster).toBe(created.body.data.poster);
  });

  it("cuts a Cloudinary cover loop's renditions to its points, lists them on the gallery, and re-derives them on PUT", async () => {
    type Loop = {
      _id: string;
      version: number;
      coverVideo: string;
      coverVideoStatus: string;
      coverVideoMaster: string;
      coverVideoRenditions: { url: string; width: number; height: number; bytes: null }[];
    };
    const fields: [string, string][] = [
      ["title", "Cloud loop"],
      ["role", "Director"],
      ["category", "Motion Design"],
    ];
    const still = await call<Loop>(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([...fields, ["cover", { bytes: await pngOfSize(4000), name: "c.png" }]]),
    });
    standIn.reportNext({ width: 1920, height: 1080, duration: 12, frameRate: 25 });
    const created = await call<Loop>(
      site.server.url,
      "PUT",
      `/api/projects/${still.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([
          ...fields,
          ["version", String(still.body.data.version)],
          ["coverVideo", { bytes: mp4OfSize(100_000), name: "loop.mp4", type: "video/mp4" }],
          ["coverTrimStart", "2"],
          ["coverTrimEnd", "6.48"],
        ]),
      },
    );
    expect(created.status).toBe(200);
    const project = created.body.data;
    const [, stored] = /\/(v\d+\/[^,]+)\.mp4$/.exec(project.coverVideoRenditions[0]!.url)!;
    const base = "https://res.cloudinary.com/site-cloud/video/upload";
    const rungs = (span: string) =>
      [
        [854, 480, 1200],
        [1280, 720, 2500],
        [1920, 1080, 5000],
      ].map(([width, height, rate]) => ({
        url: `${base}/${span}/c_limit,w_${width},h_${height}/vc_h264,br_${rate}k,q_auto,ac_none/${stored}.mp4`,
        type: "video/mp4",
        width,
        height,
        bytes: null,
      }));
    expect(project.coverVideoStatus).toBe("ready");
    expect(project.coverVideoRenditions).toEqual(rungs("so_2,eo_6.48"));
    expect(project.coverVideo).toBe(project.coverVideoRenditions[2]!.url);
    // The owner picks the points on a playable copy of the whole stored file.
    expect(project.coverVideoMaster).toBe(
      `${base}/c_limit,w_640,h_640/vc_h264,q_auto,ac_none/${stored}.mp4`,
    );
    // The gallery card's <source> list: smallest adequate first, as for a loop encoded here.
    const gallery = await (await fetch(`${site.server.url}/`)).text();
    const card = gallery
      .match(/<a [^>]*>/g)
      ?.find((tag) => tag.includes(`href="/sections/${project._id}"`));
    const sources = /data-loop-sources="([^"]+)"/
      .exec(card ?? "")?.[1]
      ?.replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&");
    expect(JSON.parse(sources ?? "null")).toEqual([
      { src: project.coverVideoRenditions[0]!.url, type: "video/mp4", media: "(max-width: 854px)" },
      {
        src: project.coverVideoRenditions[1]!.url,
        type: "video/mp4",
        media: "(max-width: 1280px)",
      },
      { src: project.coverVideoRenditions[2]!.url, type: "video/mp4" },
    ]);

    // New points rewrite the URLs: no upload, no encode.
    const uploads = standIn.uploads.size;
    const chunks = standIn.chunks.length;
    const edited = await call<Loop>(site.server.url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: multipart([...fields, ["version", String(project.version)], ["coverTrimStart", "1"]]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.coverVideoStatus).toBe("ready");
    expect(edited.body.data.coverVideoRenditions).toEqual(rungs("so_1,eo_6.48"));
    expect([standIn.uploads.size, standIn.chunks.length]).toEqual([uploads, chunks]);

    // Cloudinary reports a new loop's length: an in point past its end is refused at once, and
    // the loop just sent is destroyed again; the stored one stays.
    standIn.reportNext({ width: 1280, height: 720, duration: 3, frameRate: 25 });
    const refused = await call(site.server.url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: multipart([
        ...fields,
        ["version", String(edited.body.data.version)],
        ["coverVideo", { bytes: mp4OfSize(100_000), name: "short.mp4", type: "video/mp4" }],
        ["coverTrimStart", "4"],
      ]),
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: "coverTrimStart (4.00 s) is past the end of the cover loop (3.00 s)" },
    });
    expect(standIn.uploads.size).toBe(uploads);
    expect(site.uploads()).toEqual([]);

    // Removing the loop destroys it on Cloudinary, renditions and all.
    const removed = await call<Loop>(site.server.url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: multipart([
        ...fields,
        ["version", String(edited.body.data.version)],
        ["removeCoverVideo", "true"],
      ]),
    });
    expect(removed.body.data).toMatchObject({ coverVideo: "", coverVideoRenditions: [] });
    expect(standIn.destroyed).toContainEqual({
      publicId: stored!.replace(/^v\d+\//, ""),
      resourceType: "video",
    });
  });

  it("sends an attached resumable master to Cloudinary in chunks, its bytes whole", async () => {
    // A real H.264 file (ffmpeg reads it when its last byte arrives) followed by a 30 MB `free` box.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-master-"));
    const small = makeMaster(dir, "m.mp4", { width: 320, height: 180, seconds: 1, audio: false });
    const free = Buffer.alloc(30 * MB);
    randomFillSync(free, 8);
    free.writeUInt32BE(free.length, 0);
    free.write("free", 4);
    const master = Buffer.concat([fs.readFileSync(small), free]);
    fs.rmSync(dir, { recursive: true, force: true });
    const tus = (
      method: string,
      pathname: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) =>
      fetch(new URL(pathname, site.server.url), {
        method,
        headers: { "Tus-Resumable": "1.0.0", ...authHeaders(site.ownerToken), ...headers },
        body: body && new Uint8Array(body),
      });
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const created = await tus("POST", "/api/uploads", {
      "Upload-Length": String(master.length),
      "Upload-Metadata": `filename ${b64("Master.mp4")},kind ${b64("video")}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    for (let offset = 0; offset < master.length; offset += 8 * MB) {
      const sent = await tus(
        "PATCH",
        location,
        { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        master.subarray(offset, offset + 8 * MB),
      );
      expect(sent.status).toBe(204);
    }
    const project = await call<{ _id: string }>(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", "Master"],
        ["role", "Director"],
        ["category", "Motion Design"],
        ["cover", { bytes: await pngOfSize(4000), name: "c.png" }],
      ]),
    });
    standIn.reportNext({ width: 1920, height: 1080, duration: 1, frameRate: 25 });
    const attached = await call<{ videoStatus: string; videoRenditions: unknown[] }>(
      site.server.url,
      "POST",
      `/api/sections/${project.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([["videoUpload", location.split("/").pop()!]]),
      },
    );
    expect(attached.status).toBe(201);
    expect(attached.body.data).toMatchObject({ videoStatus: "ready" });
    expect(attached.body.data.videoRenditions).toHaveLength(3);
    const stored = [...standIn.uploads.values()].find((u) => u.bytes.length === master.length)!;
    expect(stored).toMatchObject({
      resourceType: "video",
      chunks: 2,
      sha256: createHash("sha256").update(master).digest("hex"),
    });
    // Nothing of the master is left on the site's disk.
    expect(site.uploads()).toEqual([]);
    const resumable = path.join(site.dataDir, "resumable");
    expect(fs.readdirSync(resumable).filter((name) => !name.endsWith(".attached"))).toEqual([]);
  });
});
