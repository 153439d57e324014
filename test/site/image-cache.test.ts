import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { jpeg } from "../helpers/media-fixtures";
import { startServer } from "../helpers/server";

/*
 * Optimized images (next/image) are encoded once per URL, width and format and then served from
 * the disk cache (cache-handler.mjs), also after a restart: encoding an AVIF takes sharp hundreds
 * of milliseconds of CPU, which every visitor's image request used to pay.
 */

let site: ApiSite;
let imagePath: string;

beforeAll(async () => {
  site = await startApiSite();
  const created = await call<{ cover: string }>(site.server.url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Cached Light"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: await jpeg(1200, 800), name: "cover.jpg", type: "image/jpeg" }],
    ]),
  });
  expect(created.status).toBe(201);
  imagePath = `/_next/image?url=${encodeURIComponent(created.body.data.cover)}&w=828&q=75`;
});
afterAll(() => site?.stop());

async function fetchImage(baseUrl: string, accept: string) {
  const response = await fetch(new URL(imagePath, baseUrl), { headers: { Accept: accept } });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cache: response.headers.get("x-nextjs-cache"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe("optimized image cache", () => {
  it("encodes each format once and serves the same bytes from the cache after that", async () => {
    for (const [accept, type] of [
      ["image/avif,image/webp,*/*", "image/avif"],
      ["image/webp,*/*", "image/webp"],
    ] as const) {
      const first = await fetchImage(site.server.url, accept);
      expect(first.status).toBe(200);
      expect(first.type).toBe(type);
      expect(first.cache).toBe("MISS");
      const again = await fetchImage(site.server.url, accept);
      expect(again.cache, type).toBe("HIT");
      expect(again.type).toBe(type);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
  });

  it("keeps the encoded images across a restart", async () => {
    const before = await fetchImage(site.server.url, "image/avif,image/webp,*/*");
    await site.server.stop();
    const restarted = await startServer({ DATA_DIR: site.dataDir, DATABASE_URL: "" });
    site.server = restarted;
    const after = await fetchImage(restarted.url, "image/avif,image/webp,*/*");
    expect(after.cache).toBe("HIT");
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });
});
