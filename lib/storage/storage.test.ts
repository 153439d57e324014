import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, isLocalKey } from "./local";
import { parseRange } from "./serve";

let dataDir: string;
let GET: (request: Request, context: { params: Promise<{ key: string[] }> }) => Promise<Response>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-storage-"));
  process.env.DATA_DIR = dataDir;
  ({ GET } = await import("@/app/media/[...key]/route"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

function get(key: string | string[], headers: Record<string, string> = {}, method = "GET") {
  const parts = Array.isArray(key) ? key : [key];
  const request = new Request(`http://localhost/media/${parts.join("/")}`, { headers, method });
  return GET(request, { params: Promise.resolve({ key: parts }) });
}

describe("local storage", () => {
  it("stores under a random key with the sniffed type's extension and deletes it", async () => {
    const storage = createLocalStorage(dataDir);
    const source = path.join(dataDir, "source.bin");
    fs.writeFileSync(source, bytes);
    const a = await storage.put({ path: source, contentType: "video/mp4", kind: "video" });
    const b = await storage.put({
      buffer: bytes,
      contentType: "image/png",
      kind: "image",
      width: 4,
      height: 3,
    });
    expect(a.key).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(b).toMatchObject({ url: `/media/${b.key}`, width: 4, height: 3 });
    expect(a.key).not.toBe(b.key);
    expect(fs.readFileSync(path.join(dataDir, "uploads", a.key))).toEqual(bytes);
    expect(fs.existsSync(source)).toBe(true);
    await storage.delete(a.key);
    await storage.delete(a.key);
    await storage.delete("../source.bin");
    expect(fs.existsSync(path.join(dataDir, "uploads", a.key))).toBe(false);
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([b.key]);
  });

  it("takes over a temporary file without copying it, and copies a file the caller keeps", async () => {
    const storage = createLocalStorage(dataDir);
    const upload = path.join(dataDir, "upload.tmp");
    const kept = path.join(dataDir, "kept.bin");
    fs.writeFileSync(upload, bytes);
    fs.writeFileSync(kept, bytes);
    const linked = await storage.put({
      path: upload,
      temporary: true,
      contentType: "video/mp4",
      kind: "video",
    });
    const copied = await storage.put({ path: kept, contentType: "video/mp4", kind: "video" });
    const linkedPath = path.join(dataDir, "uploads", linked.key);
    const copiedPath = path.join(dataDir, "uploads", copied.key);
    // Same inode: stored without a copy; the upload's clean-up removes only its temporary name.
    expect(fs.statSync(linkedPath).ino).toBe(fs.statSync(upload).ino);
    fs.rmSync(upload);
    expect(fs.readFileSync(linkedPath)).toEqual(bytes);
    // A kept file is copied: editing it later does not change what the site serves.
    expect(fs.statSync(copiedPath).ino).not.toBe(fs.statSync(kept).ino);
    fs.writeFileSync(kept, "changed");
    expect(fs.readFileSync(copiedPath)).toEqual(bytes);
    expect(fs.readdirSync(path.join(dataDir, "uploads")).filter((n) => n.startsWith("."))).toEqual(
      [],
    );
    await storage.delete(linked.key);
    await storage.delete(copied.key);
    fs.rmSync(kept);
  });

  it("only accepts keys it could have generated", () => {
    expect(isLocalKey("0123456789abcdef0123456789abcdef.png")).toBe(true);
    for (const key of ["../x.png", "a.png", "0123456789abcdef0123456789abcdef.html", ".lock"]) {
      expect(isLocalKey(key)).toBe(false);
    }
  });
});

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=900-", { start: 900, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=5-1", null],
    ["bytes=0-1,5-9", null],
    ["items=0-1", null],
    [null, null],
  ] as const)("%s", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe("GET /media/[...key]", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await createLocalStorage(dataDir).put({
      buffer: bytes,
      contentType: "video/mp4",
      kind: "video",
    }));
  });

  it("serves the whole file with its type, nosniff and immutable caching", async () => {
    const response = await get(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const response = await get(key, { range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(response.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await get(key, { range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(990));
  });

  it("answers 416 with the size for a range past the end", async () => {
    const response = await get(key, { range: "bytes=1000-" });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers 304 to a matching If-None-Match and HEAD without a body", async () => {
    const etag = (await get(key)).headers.get("etag")!;
    expect((await get(key, { "if-none-match": etag })).status).toBe(304);
    const head = await get(key, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("1000");
    expect(await head.text()).toBe("");
  });

  it("answers 404 for unknown keys and anything resembling a path", async () => {
    fs.writeFileSync(path.join(dataDir, "secret.png"), "secret");
    for (const bad of [
      "0123456789abcdef0123456789abcdef.png",
      "../secret.png",
      "..%2Fsecret.png",
      ".lock",
      ["uploads", key],
      ["..", "secret.png"],
    ]) {
      const response = await get(bad);
      expect(response.status, String(bad)).toBe(404);
    }
  });
});
