import { createHash } from "node:crypto";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { encoderMessages } from "@/lib/uploads/encode";
import { resumableMessages as text } from "@/lib/validation/resumable-uploads";
import { frameMessages } from "@/lib/validation/video-timing";
import { authHeaders, SERVER_START_TIMEOUT } from "../helpers/auth";
import {
  call,
  multipart,
  OWNER_EMAIL,
  startApiSite,
  until,
  type ApiSite,
} from "../helpers/api-client";
import { pngOfSize } from "../helpers/media-fixtures";
import { startServer } from "../helpers/server";
import {
  makeBadMasters,
  makeColourMaster,
  makeMaster,
  makeProresMaster,
} from "../helpers/video-masters";

/**
 * docs/api.md#resumable-uploads: tus 1.0 uploads of video masters, resumed after the server was
 * killed mid-upload, checked by their content, attached to a section or a cover by id, refused
 * with nothing stored, cancelled, and deleted when left unattached for a day.
 */
let site: ApiSite;
let projectId: string;
let masters: string;
const url = () => site.server.url;
/** Up to 1 TB, so a declared length can pass the size limit and meet the free-space check. */
const VIDEO_MAX_MB = 1_048_576;
const resumable = () => {
  const dir = path.join(site.dataDir, "resumable");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

async function tus(
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: BodyInit,
  token: string | null = site.ownerToken,
) {
  const response = await fetch(new URL(pathname, url()), {
    method,
    headers: { "Tus-Resumable": "1.0.0", ...(token ? authHeaders(token) : {}), ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** POST /api/uploads; the upload's path (its Location) on 201. */
async function create(size: number, meta: Record<string, string>) {
  const answer = await tus("POST", "/api/uploads", {
    "Upload-Length": String(size),
    "Upload-Metadata": metadata(meta),
  });
  return { ...answer, location: answer.headers.get("location") ?? "" };
}

const patch = (location: string, offset: number, bytes: Buffer | ReadableStream) =>
  tus(
    "PATCH",
    location,
    { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    bytes instanceof ReadableStream ? bytes : new Uint8Array(bytes),
  );

/** Creates an upload and sends the whole file in `chunk`-byte PATCHes; the last answer and id. */
async function upload(file: string, kind: string, chunk = 1024 * 1024) {
  const bytes = fs.readFileSync(file);
  const created = await create(bytes.length, { filename: path.basename(file), kind });
  expect(created.status).toBe(201);
  let last = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = {
      ...(await patch(created.location, offset, bytes.subarray(offset, offset + chunk))),
    } as typeof created;
    if (last.status !== 204) break;
  }
  return { last, id: created.location.split("/").pop()!, location: created.location };
}

const sections = async () =>
  (await call<SectionJson[]>(url(), "GET", `/api/sections/${projectId}`)).body.data;
const attach = (parts: [string, string][]) =>
  call<SectionJson>(url(), "POST", `/api/sections/${projectId}`, {
    token: site.ownerToken,
    form: multipart(parts),
  });

beforeAll(async () => {
  site = await startApiSite({ VIDEO_MAX_MB: String(VIDEO_MAX_MB) });
  masters = fs.mkdtempSync(path.join(os.tmpdir(), "resumable-"));
  const project = await call<{ _id: string }>(url(), "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Masters"],
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

describe("resumable uploads", () => {
  it(
    "resumes a master after the server was killed mid-upload, keeps its bytes, attaches and encodes it",
    async () => {
      const file = makeProresMaster(masters, "Spot master.mov", {
        width: 854,
        height: 480,
        seconds: 2,
      });
      const bytes = fs.readFileSync(file);
      const created = await create(bytes.length, { filename: "Spot master.mov", kind: "video" });
      expect(created.status).toBe(201);
      expect(created.location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
      const id = created.location.split("/").pop()!;
      // A first chunk, then a PATCH whose body stops arriving halfway: the server is killed then.
      expect((await patch(created.location, 0, bytes.subarray(0, 1_000_000))).status).toBe(204);
      const sent = 1_500_000;
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(bytes.subarray(1_000_000, sent)));
        },
      });
      const cut = patch(created.location, 1_000_000, stalled).catch(() => null);
      const data = path.join(site.dataDir, "resumable", id);
      await until(
        async () => fs.statSync(data).size,
        (size) => size === sent,
        20_000,
      );
      // Another upload, left for more than a day: the sweep at the next start deletes it.
      const old = await create(10, { filename: "old.mov", kind: "video" });
      const oldId = old.location.split("/").pop()!;
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
      for (const name of resumable().filter((entry) => entry.startsWith(oldId)))
        fs.utimesSync(path.join(site.dataDir, "resumable", name), dayAgo, dayAgo);

      await site.server.stop("SIGKILL");
      await cut;
      site.server = await startServer({
        DATA_DIR: site.dataDir,
        DATABASE_URL: "",
        OWNER_EMAILS: OWNER_EMAIL,
        AUTH_SIGNUP: "open",
        VIDEO_MAX_MB: String(VIDEO_MAX_MB),
      });
      await until(
        async () => resumable().some((entry) => entry.startsWith(oldId)),
        (left) => !left,
        10_000,
      );

      const head = await tus("HEAD", created.location);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get("upload-offset"));
      expect(offset).toBe(sent);
      expect(head.headers.get("upload-length")).toBe(String(bytes.length));
      // Unfinished: not attachable yet, and nothing is written.
      const early = await attach([["videoUpload", id]]);
      expect(early.status).toBe(400);
      expect(early.body.message).toBe(text.unfinished(id, sent, bytes.length));

      const rest = await patch(created.location, offset, bytes.subarray(offset));
      expect(rest.status).toBe(204);
      expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));

      const section = await attach([
        ["title", "From a master"],
        ["videoUpload", id],
      ]);
      expect(section.status).toBe(201);
      expect(section.body.data.videoStatus).toBe("processing");
      // What ffmpeg read of it at attach (its codec decides what the page shows until encoded).
      expect(section.body.data.videoRenditions).toEqual([
        expect.objectContaining({ width: 854, height: 480, bytes: bytes.length }),
      ]);
      const stored = path.join(
        site.dataDir,
        "uploads",
        section.body.data.video.slice("/media/".length),
      );
      expect(stored).toMatch(/\.mov$/);
      expect(sha256(fs.readFileSync(stored))).toBe(sha256(bytes));
      // Attached: its resumable files are gone, and it cannot be attached twice.
      expect(resumable()).toEqual([`${id}.attached`]);
      const twice = await attach([["videoUpload", id]]);
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe(text.attached(id));
      expect((await tus("HEAD", created.location)).status).toBe(404);

      const ready = await until(
        async () => (await sections()).find((entry) => entry._id === section.body.data._id)!,
        (entry) => entry.videoStatus !== "processing",
      );
      expect(ready.videoStatus).toBe("ready");
      expect(ready.videoRenditions.map(({ type, height }) => [type, height])).toEqual([
        ["video/mp4", 480],
      ]);
    },
    SERVER_START_TIMEOUT * 3,
  );

  it("refuses bad kinds, sizes and containers with a clear text and keeps nothing", async () => {
    const before = { files: resumable(), uploads: site.uploads() };
    const visitor = await tus("POST", "/api/uploads", { "Upload-Length": "10" }, undefined, null);
    expect(visitor.status).toBe(401);
    const stranger = await tus(
      "POST",
      "/api/uploads",
      { "Upload-Length": "10", "Upload-Metadata": metadata({ kind: "video" }) },
      undefined,
      site.strangerToken,
    );
    expect(stranger.status).toBe(403);

    const kind = await create(10, { filename: "a.mov", kind: "poster" });
    expect([kind.status, kind.text]).toEqual([400, text.invalidKind]);
    const huge = await create(VIDEO_MAX_MB * 1024 * 1024 + 1, { filename: "a.mov", kind: "video" });
    expect([huge.status, huge.text]).toEqual([413, text.tooLarge("a.mov", VIDEO_MAX_MB)]);
    const free = fs.statfsSync(site.dataDir);
    const disk = await create(VIDEO_MAX_MB * 1024 * 1024, { filename: "a.mov", kind: "video" });
    expect(disk.status).toBe(413);
    expect(disk.text).toMatch(/^Not enough free disk space for a\.mov: it needs 1048576 MB/);
    expect(free.bavail * free.bsize).toBeLessThan(VIDEO_MAX_MB * 1024 * 1024);
    const empty = await create(0, { filename: "e.mp4", kind: "video" });
    expect([empty.status, empty.text]).toEqual([400, text.emptyFile("e.mp4")]);

    const bad = await makeBadMasters(masters);
    const png = await upload(bad.png, "video");
    expect([png.last.status, png.last.text]).toEqual([415, text.notVideo("picture.mov")]);
    const truncated = await upload(bad.truncated, "video");
    expect([truncated.last.status, truncated.last.text]).toEqual([
      415,
      text.unreadable("truncated.mp4", encoderMessages.unreadable),
    ]);
    const long = await upload(bad.tenHours, "video");
    expect([long.last.status, long.last.text]).toEqual([
      415,
      text.unreadable("ten-hours.mp4", encoderMessages.tooLong),
    ]);
    // Refused files are not kept, nor anything of the refused creations.
    expect((await tus("HEAD", png.location)).status).toBe(404);
    expect(resumable()).toEqual(before.files);
    expect(site.uploads()).toEqual(before.uploads);
  });

  it("attaches only a finished upload of the field's kind; a cancelled upload leaves nothing", async () => {
    const count = (await sections()).length;
    const loop = makeMaster(masters, "loop.mp4", {
      width: 320,
      height: 180,
      seconds: 1,
      audio: false,
    });
    const cover = await upload(loop, "cover-loop");
    expect(cover.last.status).toBe(204);

    const unknown = await attach([["videoUpload", "0".repeat(32)]]);
    expect([unknown.status, unknown.body.message]).toEqual([400, text.unknown("0".repeat(32))]);
    const wrongKind = await attach([["videoUpload", cover.id]]);
    expect([wrongKind.status, wrongKind.body.message]).toEqual([
      400,
      text.wrongKind(cover.id, "cover-loop"),
    ]);
    expect((await sections()).length).toBe(count);

    // The cover loop goes to the project's coverVideo.
    const project = await call<ProjectJson>(url(), "PUT", `/api/projects/${projectId}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "Masters"],
        ["role", "Director"],
        ["category", "Motion Design"],
        ["coverVideoUpload", cover.id],
      ]),
    });
    expect(project.status).toBe(200);
    const key = project.body.data.coverVideo.slice("/media/".length);
    expect(sha256(fs.readFileSync(path.join(site.dataDir, "uploads", key)))).toBe(
      sha256(fs.readFileSync(loop)),
    );

    const cancelled = await create(1000, { filename: "c.mp4", kind: "video" });
    const id = cancelled.location.split("/").pop()!;
    expect((await patch(cancelled.location, 0, Buffer.alloc(400))).status).toBe(204);
    expect((await tus("DELETE", cancelled.location)).status).toBe(204);
    expect(resumable().filter((entry) => entry.startsWith(id))).toEqual([]);
    expect((await tus("HEAD", cancelled.location)).status).toBe(404);
  });
  it("reads the frames of a ProRes master and of its section's stored video, for the owner only; they go with the video", async () => {
    const frames = async (pathname: string, token: string | null = site.ownerToken) => {
      const response = await fetch(new URL(pathname, url()), {
        headers: token ? authHeaders(token) : {},
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, bytes };
    };
    /** The colour at (x, y) of a JPEG: red, lime or blue, or grey when no channel stands out. */
    const colourAt = async (image: Buffer, x: number, y: number) => {
      const [r = 0, g = 0, b = 0] = await sharp(image)
        .extract({ left: x, top: y, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer();
      if (Math.max(r, g, b) - Math.min(r, g, b) < 120) return "grey";
      return ["red", "lime", "blue"][[r, g, b].indexOf(Math.max(r, g, b))];
    };
    // Red, green, blue: a second each, in ProRes 422 (no browser decodes it).
    const master = makeColourMaster(masters, "colours.mov", { prores: true });
    const { id, location } = await upload(master, "video");
    const path_ = `${location}/frames`;

    expect((await frames(path_, null)).status).toBe(401);
    expect((await frames(path_, site.strangerToken)).status).toBe(403);
    const unknown = await frames(`/api/uploads/${"0".repeat(32)}/frames`);
    expect([unknown.status, JSON.parse(unknown.bytes.toString()).message]).toEqual([
      404,
      text.unknown("0".repeat(32)),
    ]);
    for (const t of ["abc", "-1", "3.5", ""]) {
      const bad = await frames(`${path_}?t=${t}`);
      expect([bad.status, JSON.parse(bad.bytes.toString()).message]).toEqual([
        400,
        frameMessages.time(3),
      ]);
    }
    const unfinished = await create(1000, { filename: "half.mov", kind: "video" });
    expect((await patch(unfinished.location, 0, Buffer.alloc(400))).status).toBe(204);
    expect((await frames(`${unfinished.location}/frames`)).status).toBe(409);
    expect((await tus("DELETE", unfinished.location)).status).toBe(204);

    // The strip: ten thumbnails 90 px high, the frame at each tenth's middle (0.15 s, 0.45 s…).
    const strip = await frames(path_);
    expect(strip.status).toBe(200);
    expect(strip.headers.get("content-type")).toBe("image/jpeg");
    expect(strip.headers.get("x-frame-count")).toBe("10");
    expect(Number(strip.headers.get("x-video-duration"))).toBeCloseTo(3, 1);
    const { width, height } = await sharp(strip.bytes).metadata();
    expect([width, height]).toEqual([1600, 90]);
    const tiles = await Promise.all(
      Array.from({ length: 10 }, (_, i) => colourAt(strip.bytes, i * 160 + 80, 45)),
    );
    expect(tiles).toEqual([
      ...Array(3).fill("red"),
      ...Array(4).fill("lime"),
      ...Array(3).fill("blue"),
    ]);
    expect(resumable().filter((entry) => entry.startsWith(id))).toContain(`${id}.frames.jpg`);
    // The exact frame at t, at most 640 px wide.
    const frame = await frames(`${path_}?t=2.5`);
    expect(frame.status).toBe(200);
    expect((await sharp(frame.bytes).metadata()).width).toBe(640);
    expect(await colourAt(frame.bytes, 320, 180)).toBe("blue");
    expect(await colourAt((await frames(`${path_}?t=0.96`)).bytes, 320, 180)).toBe("red");

    // Attached: the strip goes with the upload's bytes; the section's video has frames of its own.
    const section = await attach([
      ["title", "Frames"],
      ["videoUpload", id],
    ]);
    expect(section.status).toBe(201);
    expect(resumable().filter((entry) => entry.startsWith(id))).toEqual([`${id}.attached`]);
    const stored = `/api/sections/${section.body.data._id}/frames`;
    expect((await frames(stored, null)).status).toBe(401);
    expect((await frames(stored, site.strangerToken)).status).toBe(403);
    expect((await frames(`/api/sections/${"0".repeat(24)}/frames`)).status).toBe(404);
    const storedStrip = await frames(stored);
    expect(storedStrip.status).toBe(200);
    expect(await colourAt(storedStrip.bytes, 5 * 160 + 80, 45)).toBe("lime");
    expect(await colourAt((await frames(`${stored}?t=1.5`)).bytes, 320, 180)).toBe("lime");
    const key = section.body.data.video.slice("/media/".length);
    const cached = path.join(site.dataDir, "frames", `${key}.jpg`);
    expect(fs.existsSync(cached)).toBe(true);
    const removed = await call(
      url(),
      "DELETE",
      `/api/sections/${section.body.data._id}?permanent=true`,
      {
        token: site.ownerToken,
      },
    );
    expect(removed.status).toBe(200);
    expect(fs.existsSync(cached)).toBe(false);
  });
});
