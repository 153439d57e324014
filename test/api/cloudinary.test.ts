import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { startCloudinaryStandIn } from "../helpers/cloudinary-stand-in";
import { mp4OfSize, pngOfSize } from "../helpers/media-fixtures";

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
});
