import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { call, multipart } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { mp4OfSize, pngOfSize } from "../helpers/media-fixtures";

/**
 * Every upload gets a blur-up placeholder, a tiny decodable WebP of the image's
 * own shape, in the answers and on the pages; a URL cover has none.
 */
let site: SharedSite;
let url: string;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
});
afterAll(() => site?.stop());

async function decoded(dataUrl: string | null | undefined) {
  const match = /^data:image\/webp;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? "");
  expect(match, String(dataUrl)).not.toBeNull();
  // Inlined in each card's HTML (docs/performance.md#budgets: 2 kB a card): kept small.
  expect(dataUrl!.length).toBeLessThanOrEqual(300);
  return sharp(Buffer.from(match![1]!, "base64")).metadata();
}

describe("blur-up placeholders", () => {
  it("come with an uploaded cover, section images and a generated poster; not with a URL cover", async () => {
    const cover = await pngOfSize(40_000, 1200, 900);
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", "Blur"],
        ["role", "Illustrator"],
        ["category", "Illustration"],
        ["cover", { bytes: cover, name: "c.png", type: "image/png" }],
      ]),
    });
    expect(created.status).toBe(201);
    expect(await decoded(created.body.data.coverPlaceholder)).toMatchObject({
      width: 16,
      height: 12,
    });
    const id = created.body.data._id;
    const read = await call<ProjectJson>(url, "GET", `/api/projects/${id}`);
    expect(read.body.data.coverPlaceholder).toBe(created.body.data.coverPlaceholder);
    // The gallery card inlines it.
    const home = await (await fetch(new URL("/", url))).text();
    expect(home).toContain(created.body.data.coverPlaceholder!.slice(0, 60));

    const tall = await pngOfSize(40_000, 600, 1200);
    const section = await call<SectionJson>(url, "POST", `/api/sections/${id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "Frames"],
        ["resources", { bytes: tall, name: "t.png", type: "image/png" }],
        ["video", { bytes: mp4OfSize(4096), name: "v.mp4", type: "video/mp4" }],
      ]),
    });
    expect(section.status).toBe(201);
    expect(await decoded(section.body.data.images[0]!.placeholder)).toMatchObject({
      width: 8,
      height: 16,
    });
    // No poster sent: the generated 16:9 still has one too.
    expect(await decoded(section.body.data.posterPlaceholder)).toMatchObject({
      width: 16,
      height: 9,
    });

    const linked = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      json: {
        title: "Linked",
        role: "Illustrator",
        category: "Illustration",
        cover: "https://res.cloudinary.com/demo/image/upload/sample.jpg",
      },
    });
    expect(linked.status).toBe(201);
    expect(linked.body.data.coverPlaceholder).toBeNull();
  });
});
