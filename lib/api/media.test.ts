import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadedFile } from "@/lib/uploads/parse";
import { commitWithMedia, storeUploads } from "./media";

let dataDir: string;
let source: string;
const uploads = () => fs.readdirSync(path.join(dataDir, "uploads"));

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-media-"));
  process.env.DATA_DIR = dataDir;
  source = path.join(dataDir, "upload.bin");
  fs.writeFileSync(source, "bytes");
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const upload = (over: Partial<UploadedFile> = {}): UploadedFile => ({
  field: "resources",
  name: "a.png",
  path: source,
  size: 5,
  contentType: "image/png",
  kind: "image",
  width: 1,
  height: 1,
  placeholder: null,
  ...over,
});

describe("storing uploads around a database write", () => {
  it("keeps the files when the write succeeds", async () => {
    const stored = await storeUploads([
      upload(),
      upload({ contentType: "video/mp4", kind: "video" }),
    ]);
    expect(await commitWithMedia(stored, async () => "row")).toBe("row");
    expect(uploads().sort()).toEqual(stored.map((media) => media.key).sort());
    for (const key of uploads()) fs.rmSync(path.join(dataDir, "uploads", key));
  });

  it("deletes the stored files when the write fails after they were stored", async () => {
    const stored = await storeUploads([upload(), upload()]);
    expect(uploads()).toHaveLength(2);
    await expect(
      commitWithMedia(stored, async () => {
        throw new Error("database went away");
      }),
    ).rejects.toThrow("database went away");
    expect(uploads()).toEqual([]);
  });

  it("deletes them when the row to attach them to is gone (null)", async () => {
    const stored = await storeUploads([upload()]);
    expect(await commitWithMedia(stored, async () => null)).toBeNull();
    expect(uploads()).toEqual([]);
  });

  it("deletes the files already stored when a later one cannot be stored", async () => {
    const missing = path.join(dataDir, "vanished.bin");
    await expect(storeUploads([upload(), upload({ path: missing })])).rejects.toThrow();
    expect(uploads()).toEqual([]);
  });
});
