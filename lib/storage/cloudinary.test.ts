import { createHash, randomFillSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudinaryStandIn } from "@/test/helpers/cloudinary-stand-in";
import { mp4OfSize, pngOfSize } from "@/test/helpers/media-fixtures";
import type { Storage } from "./types";

let standIn: Awaited<ReturnType<typeof startCloudinaryStandIn>>;
let storage: Storage;
let parseCloudinaryUrl: typeof import("./cloudinary").parseCloudinaryUrl;
let createCloudinaryStorage: typeof import("./cloudinary").createCloudinaryStorage;
let cloudinaryModule: typeof import("./cloudinary");

beforeAll(async () => {
  standIn = await startCloudinaryStandIn("demo-cloud", "key123", "s3cret");
  // The SDK picks http or https once, from CLOUDINARY_URL, when it is first loaded.
  process.env.CLOUDINARY_URL = `cloudinary://key123:s3cret@demo-cloud?upload_prefix=${standIn.url}`;
  cloudinaryModule = await import("./cloudinary");
  ({ parseCloudinaryUrl, createCloudinaryStorage } = cloudinaryModule);
  storage = createCloudinaryStorage(parseCloudinaryUrl(process.env.CLOUDINARY_URL, "site"));
});
afterAll(async () => {
  delete process.env.CLOUDINARY_URL;
  await standIn?.stop();
});

describe("Cloudinary adapter (against a local stand-in that checks signatures)", () => {
  it("reads CLOUDINARY_URL", () => {
    expect(parseCloudinaryUrl("cloudinary://k:s%2Fx@cloud", "f")).toEqual({
      cloudName: "cloud",
      apiKey: "k",
      apiSecret: "s/x",
      folder: "f",
    });
  });

  it("uploads an image by stream, signed, as resource type image", async () => {
    const png = await pngOfSize(3000, 8, 6);
    const stored = await storage.put({
      buffer: png,
      contentType: "image/png",
      kind: "image",
      width: 8,
      height: 6,
    });
    expect(stored.key).toMatch(/^cloudinary:image:site\/[0-9a-f]{20}$/);
    expect(stored.url).toMatch(/^https:\/\/res\.cloudinary\.com\/demo-cloud\/image\/upload\//);
    expect(stored).toMatchObject({ width: 8, height: 6 });
    const upload = standIn.uploads.get(stored.key.replace("cloudinary:image:", ""));
    expect(upload).toMatchObject({ resourceType: "image", folder: "site" });
    expect(upload?.bytes).toEqual(png);
  });

  it("uploads a video from a file as resource type video, and destroys it with that type", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cld-")), "v.mp4");
    const bytes = mp4OfSize(300_000);
    fs.writeFileSync(file, bytes);
    const stored = await storage.put({ path: file, contentType: "video/mp4", kind: "video" });
    const publicId = stored.key.replace("cloudinary:video:", "");
    expect(stored.key.startsWith("cloudinary:video:")).toBe(true);
    expect(standIn.uploads.get(publicId)?.bytes).toEqual(bytes);
    await storage.delete(stored.key);
    expect(standIn.destroyed).toContainEqual({ publicId, resourceType: "video" });
    expect(standIn.uploads.has(publicId)).toBe(false);
    await storage.delete(stored.key);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it("fails clearly when the signature is refused, with nothing stored", async () => {
    const wrong = createCloudinaryStorage(
      parseCloudinaryUrl(`cloudinary://key123:wrong@demo-cloud?upload_prefix=${standIn.url}`),
    );
    const before = standIn.uploads.size;
    const rejectedBefore = standIn.rejected();
    await expect(
      wrong.put({ buffer: await pngOfSize(2000), contentType: "image/png", kind: "image" }),
    ).rejects.toThrow(/Cloudinary upload failed \(401\)/);
    expect(standIn.rejected()).toBe(rejectedBefore + 1);
    expect(standIn.uploads.size).toBe(before);
  });

  describe("a video master in chunks", () => {
    const MB = 1024 * 1024;
    let dir: string;
    let master: string;
    let sha256: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "cld-chunks-"));
      master = path.join(dir, "master.mp4");
      const bytes = mp4OfSize(33 * MB);
      // Random bytes after the header, so a chunk sent twice or out of place changes the hash.
      randomFillSync(bytes, 64);
      fs.writeFileSync(master, bytes);
      sha256 = createHash("sha256").update(bytes).digest("hex");
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    const chunksOf = (id: string) => standIn.chunks.filter((chunk) => chunk.uploadId === id);
    const lastUploadId = () => standIn.chunks.at(-1)!.uploadId;

    it("goes in contiguous 20 MB chunks of one upload id, and Cloudinary assembles the same bytes", async () => {
      standIn.reportNext({ width: 1920, height: 1080, duration: 12.5, frameRate: 25 });
      const stored = await storage.put({ path: master, contentType: "video/mp4", kind: "video" });
      const chunks = chunksOf(lastUploadId());
      expect(chunks.map(({ start, end }) => [start, end])).toEqual([
        [0, cloudinaryModule.VIDEO_CHUNK_BYTES - 1],
        [cloudinaryModule.VIDEO_CHUNK_BYTES, 33 * MB - 1],
      ]);
      const upload = standIn.uploads.get(stored.key.replace("cloudinary:video:", ""))!;
      expect(upload).toMatchObject({ resourceType: "video", folder: "site", chunks: 2, sha256 });
      expect(stored).toMatchObject({
        width: 1920,
        height: 1080,
        video: { duration: 12.5, fps: 25, width: 1920, height: 1080, bytes: 33 * MB },
      });
      await storage.delete(stored.key);
    });

    it("sends a chunk that failed again, alone", async () => {
      standIn.failChunkOnce(cloudinaryModule.VIDEO_CHUNK_BYTES);
      const stored = await storage.put({ path: master, contentType: "video/mp4", kind: "video" });
      expect(chunksOf(lastUploadId()).map((chunk) => chunk.start)).toEqual([
        0,
        cloudinaryModule.VIDEO_CHUNK_BYTES,
        cloudinaryModule.VIDEO_CHUNK_BYTES,
      ]);
      expect(standIn.uploads.get(stored.key.replace("cloudinary:video:", ""))?.sha256).toBe(sha256);
      await storage.delete(stored.key);
    });

    it("stops at Cloudinary's refusal, with nothing stored and no chunk sent again", async () => {
      const before = standIn.uploads.size;
      standIn.refuseNextChunked("Video file size too large");
      const put = storage.put({ path: master, contentType: "video/mp4", kind: "video" });
      await expect(put).rejects.toThrow(cloudinaryModule.CloudinaryRefusal);
      await expect(put).rejects.toThrow(
        "Cloudinary upload failed (400): Video file size too large",
      );
      expect(chunksOf(lastUploadId())).toHaveLength(2);
      expect(standIn.uploads.size).toBe(before);
    });
  });
});
