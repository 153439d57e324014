import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { MB, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";

let site: SharedSite;
let projectId: string;

beforeAll(async () => {
  site = await useSharedSite();
  const png = await pngOfSize(2000);
  const answer = await call<{ _id: string }>(site.server.url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Host"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: png, name: "c.png" }],
    ]),
  });
  projectId = answer.body.data._id;
});
afterAll(() => site?.stop());

async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

const sectionCount = async () =>
  (await call<unknown[]>(site.server.url, "GET", `/api/sections/${projectId}`)).body.data.length;

describe("uploads through the server", () => {
  it("accepts a 50 MB mp4 and refuses one byte more, storing nothing for the refusal", async () => {
    const ok = await call<{ video: string }>(
      site.server.url,
      "POST",
      `/api/sections/${projectId}`,
      {
        token: site.ownerToken,
        form: multipart([
          ["video", { bytes: mp4OfSize(50 * MB), name: "reel.mp4", type: "video/mp4" }],
        ]),
      },
    );
    expect(ok.status).toBe(201);
    // Next.js drops Content-Length from route handler answers; Content-Range carries the size.
    const first = await fetch(new URL(ok.body.data.video, site.server.url), {
      headers: { Range: "bytes=0-0" },
    });
    expect(first.headers.get("content-range")).toBe(`bytes 0-0/${50 * MB}`);
    await first.arrayBuffer();
    const stored = site.uploads();
    const tooBig = await call(site.server.url, "POST", `/api/sections/${projectId}`, {
      token: site.ownerToken,
      form: multipart([
        ["video", { bytes: mp4OfSize(50 * MB + 1), name: "long.mp4", type: "video/mp4" }],
      ]),
    });
    expect(tooBig).toMatchObject({
      status: 413,
      body: { success: false, message: "File too large: long.mp4" },
    });
    expect(site.uploads()).toEqual(stored);
    expect(await sectionCount()).toBe(1);
    await eventually(() => site.tmpFiles().length === 0);
    expect(site.tmpFiles()).toEqual([]);
  });

  it("an upload aborted by the client leaves no record and no file", async () => {
    const stored = site.uploads();
    const form = multipart([
      ["title", "Never"],
      ["video", { bytes: mp4OfSize(8 * MB), name: "cut.mp4", type: "video/mp4" }],
    ]);
    const probe = new Request("http://x/", { method: "POST", body: form });
    const body = Buffer.from(await probe.arrayBuffer());
    const target = new URL(`/api/sections/${projectId}`, site.server.url);
    let partialSeen = false;
    await new Promise<void>((resolve) => {
      const request = http.request(target, {
        method: "POST",
        headers: {
          "content-type": probe.headers.get("content-type")!,
          "content-length": body.length,
          authorization: `Bearer ${site.ownerToken}`,
        },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(body.subarray(0, 3 * MB), () => {
        // Drop the connection once the server has started writing the file to disk.
        void eventually(() => site.tmpFiles().some((file) => file.includes("/"))).then(() => {
          partialSeen = site.tmpFiles().some((file) => file.includes("/"));
          request.destroy();
        });
      });
    });
    expect(partialSeen).toBe(true);
    await eventually(() => site.tmpFiles().length === 0);
    expect(site.tmpFiles()).toEqual([]);
    expect(site.uploads()).toEqual(stored);
    expect(await sectionCount()).toBe(1);
  });
});
