import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionJson } from "@/lib/data/serialize";
import { encoderMessages } from "@/lib/uploads/encode";
import { SERVER_START_TIMEOUT } from "../helpers/auth";
import {
  call,
  multipart,
  OWNER_EMAIL,
  startApiSite,
  type ApiSite,
  type Part,
} from "../helpers/api-client";
import { mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { startServer } from "../helpers/server";
import { makeMaster } from "../helpers/video-masters";

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

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("encoding an uploaded video", () => {
  it("answers processing with the upload, then ready with its renditions, smallest first", async () => {
    const master = makeMaster(masters, "a.mp4", { width: 1280, height: 720, seconds: 2 });
    const created = await postSection([["video", mp4(master)]]);
    expect(created.status).toBe(201);
    const upload = created.body.data.video;
    expect(created.body.data.videoStatus).toBe("processing");
    expect(created.body.data.videoRenditions).toEqual([
      { url: upload, type: "video/mp4", width: null, height: null, bytes: null },
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
    "finishes a job after the server was killed mid-encode",
    async () => {
      const master = makeMaster(masters, "d.mp4", { width: 1920, height: 1080, seconds: 4 });
      const before = new Set(site.uploads());
      const created = await postSection([["video", mp4(master)]]);
      const id = created.body.data._id;
      await until(
        () => videoState(id),
        (state) => state.progress > 0,
        30_000,
      );
      await site.server.stop("SIGKILL");
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
      // Nothing orphaned (a rendition stored before the kill is swept at start), nothing lost:
      // the new files are exactly the master, its poster and the three renditions.
      const key = (mediaUrl: string) => mediaUrl.slice("/media/".length);
      const added = site.uploads().filter((file) => !before.has(file));
      expect(added.sort()).toEqual(
        [
          key(created.body.data.video),
          key(created.body.data.poster),
          ...ready.videoRenditions.map((rendition) => key(rendition.url)),
        ].sort(),
      );
      expect(site.uploads()).toEqual(expect.arrayContaining([...before]));
      expect(encoding()).toEqual([]);
    },
    SERVER_START_TIMEOUT * 2,
  );
});
