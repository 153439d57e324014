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

beforeAll(async () => {
  standIn = await startCloudinaryStandIn("demo-cloud", "key123", "s3cret");
  // The SDK picks http or https once, from CLOUDINARY_URL, when it is first loaded.
  process.env.CLOUDINARY_URL = `cloudinary://key123:s3cret@demo-cloud?upload_prefix=${standIn.url}`;
  ({ parseCloudinaryUrl, createCloudinaryStorage } = await import("./cloudinary"));
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
});
