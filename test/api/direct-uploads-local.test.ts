import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { pngOfSize } from "../helpers/media-fixtures";

// Without CLOUDINARY_URL there are no direct uploads: the sign endpoint is a
// 404 in the envelope, so the owner forms keep sending files, and those still work as before.
let site: SharedSite;

beforeAll(async () => {
  site = await useSharedSite();
});
afterAll(async () => {
  await site?.stop();
});

describe("direct uploads on local storage", () => {
  it("answers 404 to the sign endpoint, refuses references and keeps multipart uploads", async () => {
    const signed = await call(site.server.url, "POST", "/api/uploads/sign", {
      token: site.ownerToken,
      json: { kind: "image", size: 10, type: "image/png" },
    });
    expect([signed.status, signed.body.success]).toEqual([404, false]);
    // Still owner-only: a visitor cannot probe the configuration.
    expect(
      (await call(site.server.url, "POST", "/api/uploads/sign", { json: { kind: "image" } }))
        .status,
    ).toBe(401);

    const base: [string, string][] = [
      ["title", "Local"],
      ["role", "Director"],
      ["category", "Motion Design"],
    ];
    const reference = JSON.stringify({
      public_id: "portfolio/x",
      version: 1,
      signature: "a".repeat(40),
    });
    const refused = await call(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([...base, ["cover", reference]]),
    });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      "Direct uploads need Cloudinary storage (CLOUDINARY_URL)",
    ]);

    const before = site.uploads();
    const project = await call<{ cover: string }>(site.server.url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([...base, ["cover", { bytes: await pngOfSize(3000), name: "c.png" }]]),
    });
    expect(project.status).toBe(201);
    expect(project.body.data.cover).toMatch(/^\/media\//);
    // The cover is stored, and nothing else (the refused reference wrote nothing).
    const stored = project.body.data.cover.slice("/media/".length);
    expect(site.uploads()).toEqual([...before, stored].sort());
  });
});
