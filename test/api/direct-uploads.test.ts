import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fillSectionForm,
  sectionFiles,
  withSectionReferences,
  type SectionDraft,
} from "@/lib/client/section-draft";
import {
  resetDirectUploads,
  uploadDirect,
  type DirectTransport,
  type SignedUpload,
} from "@/lib/client/direct-upload";
import { toOutcome } from "@/lib/client/request";
import { makeUploadToken, signParams } from "@/lib/storage/direct-token";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { authHeaders } from "../helpers/auth";
import { startCloudinaryStandIn } from "../helpers/cloudinary-stand-in";
import { MB, mp4OfSize, pngHeaderOnly, pngOfSize } from "../helpers/media-fixtures";

// docs/api.md#direct-uploads: the browser uploads straight to Cloudinary under a signature from
// POST /api/uploads/sign; the API stores the result by reference after checking it.
const SECRET = "secret-2";
const FOLDER = "portfolio";
let standIn: Awaited<ReturnType<typeof startCloudinaryStandIn>>;
let site: ApiSite;

/** Uploaded before the site started, signed 2 hours ago and never saved. */
let abandoned: string;

beforeAll(async () => {
  standIn = await startCloudinaryStandIn("direct-cloud", "k2", SECRET);
  const old = makeUploadToken(SECRET, FOLDER, "image", Math.floor(Date.now() / 1000) - 7200);
  abandoned = (await uploadSignedByTest(old, FOLDER, await pngOfSize(2000))).public_id;
  site = await startApiSite({
    CLOUDINARY_URL: `cloudinary://k2:${SECRET}@direct-cloud?upload_prefix=${standIn.url}`,
  });
});
afterAll(async () => {
  await site?.stop();
  await standIn?.stop();
});

type Kind = "image" | "video" | "poster" | "cover";

const sign = (json: unknown, token = site.ownerToken) =>
  call<SignedUpload & { params: Record<string, string | number> }>(
    site.server.url,
    "POST",
    "/api/uploads/sign",
    { token, json },
  );

/** Posts a file to the stand-in the way the browser does: the signed params plus `file`. */
async function postToCloudinary(
  url: string,
  params: Record<string, string | number>,
  bytes: Buffer,
  name: string,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(params)) form.append(key, String(value));
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(url, { method: "POST", body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs (claiming `claimed` bytes), uploads `bytes`, and returns the reference the form sends. */
async function directUpload(
  kind: Kind,
  bytes: Buffer,
  name: string,
  type: string,
  claimed?: number,
) {
  const signed = await sign({ kind, size: claimed ?? bytes.length, type, name });
  expect(signed.status).toBe(200);
  const { uploadUrl, params } = signed.body.data;
  const answer = await postToCloudinary(uploadUrl, params, bytes, name);
  expect(answer.status).toBe(200);
  const { public_id, version, signature } = answer.body as {
    public_id: string;
    version: number;
    signature: string;
  };
  return { public_id, version, signature, name };
}

/** Uploads with parameters the test signs itself (someone holding the secret, or a stale token). */
async function uploadSignedByTest(publicId: string, folder: string, bytes: Buffer) {
  const signed = {
    timestamp: Math.floor(Date.now() / 1000),
    folder,
    public_id: publicId,
  };
  const params = { ...signed, signature: signParams(signed, SECRET), api_key: "k2" };
  const answer = await postToCloudinary(
    `${standIn.url}/v1_1/direct-cloud/image/upload`,
    params,
    bytes,
    "x.png",
  );
  expect(answer.status).toBe(200);
  const body = answer.body as { public_id: string; version: number; signature: string };
  return { public_id: body.public_id, version: body.version, signature: body.signature };
}

const projectForm = (cover: string, title = "Direct") =>
  multipart([
    ["title", title],
    ["role", "Director"],
    ["category", "Motion Design"],
    ["cover", cover],
  ]);

const createProject = (form: FormData) =>
  call<{ _id: string; cover: string }>(site.server.url, "POST", "/api/projects", {
    token: site.ownerToken,
    form,
  });

/** lib/client/direct-upload.ts's requests as the browser makes them, to this site and the stand-in. */
const browserTransport = (): DirectTransport => ({
  sign: async (body) => {
    const response = await fetch(new URL("/api/uploads/sign", site.server.url), {
      method: "POST",
      headers: { ...authHeaders(site.ownerToken), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return toOutcome<SignedUpload>(response.status, await response.text());
  },
  upload: async (url, form, onProgress) => {
    const response = await fetch(url, { method: "POST", body: form });
    onProgress(Number.MAX_SAFE_INTEGER);
    return { status: response.status, text: await response.text() };
  },
});

const projectCount = async () =>
  (await call<unknown[]>(site.server.url, "GET", "/api/projects", { token: site.ownerToken })).body
    .data.length;

describe("the sweep of never-saved direct uploads", () => {
  it("destroys at start-up an upload signed too long ago to be saved", async () => {
    await expect.poll(() => standIn.uploads.has(abandoned), { timeout: 15_000 }).toBe(false);
    expect(site.server.output()).toContain("Destroyed 1 abandoned direct upload(s) on Cloudinary.");
  });
});

describe("POST /api/uploads/sign", () => {
  it("is for the owner only", async () => {
    const body = { kind: "image", size: 10, type: "image/png" };
    const visitor = await fetch(new URL("/api/uploads/sign", site.server.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(visitor.status).toBe(401);
    expect((await sign(body, site.strangerToken)).status).toBe(403);
  });

  it("refuses what a multipart upload refuses, with the same status and message", async () => {
    const exe = await sign({
      kind: "image",
      size: 10,
      type: "application/x-msdownload",
      name: "a.exe",
    });
    expect([exe.status, exe.body.message]).toEqual([415, "Invalid file type: a.exe"]);
    const big = await sign({ kind: "cover", size: 5 * MB + 1, type: "image/png", name: "big.png" });
    expect([big.status, big.body.message]).toEqual([413, "File too large: big.png"]);
    const video = await sign({
      kind: "video",
      size: 50 * MB + 1,
      type: "video/mp4",
      name: "v.mp4",
    });
    expect([video.status, video.body.message]).toEqual([413, "File too large: v.mp4"]);
    const gifVideo = await sign({ kind: "video", size: 10, type: "image/gif", name: "v.gif" });
    expect(gifVideo.status).toBe(415);
    for (const bad of [
      {},
      { kind: "pdf", size: 1, type: "image/png" },
      { kind: "image", size: -1, type: "image/png" },
    ]) {
      const answer = await sign(bad);
      expect([answer.status, answer.body.message]).toEqual([400, "Invalid form data"]);
    }
  });

  it("answers a short-lived signature for a server-chosen public id in this site's folder", async () => {
    const answer = await sign({ kind: "video", size: 20 * MB, type: "video/mp4", name: "v.mp4" });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.uploadUrl).toBe(`${standIn.url}/v1_1/direct-cloud/video/upload`);
    expect(data.params).toMatchObject({ folder: FOLDER, allowed_formats: "mp4", api_key: "k2" });
    expect(String(data.params.public_id)).toMatch(/^d-v[0-9a-z]+-[0-9a-f]{20}-[0-9a-f]{24}$/);
    expect(data.maxBytes).toBe(50 * MB);
    expect(data.expiresAt - Number(data.params.timestamp)).toBe(15 * 60);
    const { signature, ...params } = data.params;
    const signed = Object.fromEntries(Object.entries(params).filter(([key]) => key !== "api_key"));
    expect(signature).toBe(signParams(signed, SECRET));
  });
});

describe("direct uploads through the project and section forms", () => {
  it("stores images, a 20 MB video and its poster by reference: no media bytes through the server", async () => {
    const cover = await directUpload(
      "cover",
      await pngOfSize(40_000, 1200, 800),
      "c.png",
      "image/png",
    );
    const project = await createProject(projectForm(JSON.stringify(cover)));
    expect(project.status).toBe(201);
    expect(project.body.data.cover).toBe(
      `https://res.cloudinary.com/direct-cloud/image/upload/v${cover.version}/${cover.public_id}.png`,
    );

    const image1 = await directUpload("image", await pngOfSize(3000, 40, 30), "a.png", "image/png");
    const image2 = await directUpload("image", await pngOfSize(3000, 20, 10), "b.png", "image/png");
    const video = await directUpload("video", mp4OfSize(20 * MB), "v.mp4", "video/mp4");
    const poster = await directUpload("poster", await pngOfSize(2000, 16, 9), "p.png", "image/png");
    const form = multipart([
      ["title", "Direct section"],
      ["resources", JSON.stringify(image1)],
      ["resourceAlts", "first"],
      ["resources", JSON.stringify(image2)],
      ["resourceAlts", "second"],
      ["video", JSON.stringify(video)],
      ["poster", JSON.stringify(poster)],
    ]);
    const sentBytes = (await new Response(form).arrayBuffer()).byteLength;
    expect(sentBytes).toBeLessThan(10 * 1024);
    const section = await call<{
      _id: string;
      video: string;
      poster: string;
      images: { url: string; width: number; height: number; alt: string }[];
    }>(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form,
    });
    expect(section.status).toBe(201);
    expect(section.body.data.video).toContain(`/video/upload/v${video.version}/${video.public_id}`);
    expect(section.body.data.poster).toContain(poster.public_id);
    expect(section.body.data.images.map(({ width, height, alt }) => [width, height, alt])).toEqual([
      [40, 30, "first"],
      [20, 10, "second"],
    ]);
    // The video's bytes went to Cloudinary only; nothing is on the site's disk.
    expect(standIn.uploads.get(video.public_id)?.bytes.length).toBe(20 * MB);
    expect(site.uploads()).toEqual([]);
    expect(site.tmpFiles()).toEqual([]);

    // Deleting for good destroys the directly uploaded files like any others.
    const removed = await call(
      site.server.url,
      "DELETE",
      `/api/projects/${project.body.data._id}?permanent=true`,
      { token: site.ownerToken },
    );
    expect(removed.status).toBe(200);
    for (const id of [cover, image1, image2, video, poster].map((u) => u.public_id))
      expect(standIn.uploads.has(id)).toBe(false);
  });

  it("replaces a cover by reference on edit and deletes the old one", async () => {
    const first = await directUpload("cover", await pngOfSize(2000), "one.png", "image/png");
    const project = await createProject(projectForm(JSON.stringify(first), "Edit me"));
    const second = await directUpload("cover", await pngOfSize(2000), "two.png", "image/png");
    const edited = await call<{ cover: string }>(
      site.server.url,
      "PUT",
      `/api/projects/${project.body.data._id}`,
      { token: site.ownerToken, form: projectForm(JSON.stringify(second), "Edited") },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.cover).toContain(second.public_id);
    expect(standIn.uploads.has(first.public_id)).toBe(false);

    // The same reference again: refused, and the saved file is kept.
    const again = await createProject(projectForm(JSON.stringify(second), "Copy"));
    expect([again.status, again.body.message]).toEqual([400, "Invalid upload reference"]);
    expect(standIn.uploads.has(second.public_id)).toBe(true);
  });

  it("saves one reference sent by two requests at once only once, and keeps its file", async () => {
    const upload = await directUpload("cover", await pngOfSize(2000), "c.png", "image/png");
    const answers = await Promise.all(
      ["Twin A", "Twin B"].map((title) =>
        createProject(projectForm(JSON.stringify(upload), title)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(standIn.uploads.has(upload.public_id)).toBe(true);
  });

  it("refuses a forged response signature and destroys the upload", async () => {
    const before = await projectCount();
    const upload = await directUpload("cover", await pngOfSize(2000), "c.png", "image/png");
    const forged = { ...upload, signature: "0".repeat(40) };
    const answer = await createProject(projectForm(JSON.stringify(forged)));
    expect([answer.status, answer.body.message]).toEqual([400, "Invalid upload reference"]);
    expect(await projectCount()).toBe(before);
    expect(standIn.uploads.has(upload.public_id)).toBe(false);
  });

  it("refuses a public id this site did not sign (403) and leaves it alone", async () => {
    const before = await projectCount();
    const foreign = await uploadSignedByTest("someone-elses", "other-site", await pngOfSize(2000));
    const answer = await createProject(projectForm(JSON.stringify(foreign)));
    expect([answer.status, answer.body.message]).toEqual([
      403,
      "This upload was not signed by this site",
    ]);
    // In the site's folder, but sealed by another secret.
    const token = makeUploadToken("another-secret", FOLDER, "cover", Math.floor(Date.now() / 1000));
    const sealedElsewhere = await uploadSignedByTest(token, FOLDER, await pngOfSize(2000));
    expect((await createProject(projectForm(JSON.stringify(sealedElsewhere)))).status).toBe(403);
    expect(await projectCount()).toBe(before);
    expect(standIn.uploads.has(foreign.public_id)).toBe(true);
    expect(standIn.uploads.has(sealedElsewhere.public_id)).toBe(true);
  });

  it("refuses an expired signature and destroys the upload", async () => {
    const before = await projectCount();
    // Signed by this site 2 hours ago: past the hour a reference may be saved in.
    const old = makeUploadToken(SECRET, FOLDER, "cover", Math.floor(Date.now() / 1000) - 7200);
    const stale = await uploadSignedByTest(old, FOLDER, await pngOfSize(2000));
    const answer = await createProject(projectForm(JSON.stringify(stale)));
    expect([answer.status, answer.body.message]).toEqual([
      400,
      "This upload's signature has expired. Please upload the file again.",
    ]);
    // Signed 20 minutes ago, stored now: past the 15-minute upload window.
    const late = makeUploadToken(SECRET, FOLDER, "cover", Math.floor(Date.now() / 1000) - 1200);
    const lateUpload = await uploadSignedByTest(late, FOLDER, await pngOfSize(2000));
    expect((await createProject(projectForm(JSON.stringify(lateUpload)))).status).toBe(400);
    expect(await projectCount()).toBe(before);
    expect(standIn.uploads.has(stale.public_id)).toBe(false);
    expect(standIn.uploads.has(lateUpload.public_id)).toBe(false);
  });

  it("checks Cloudinary's record, not the browser's claim: too large, too many pixels, wrong kind", async () => {
    const before = await projectCount();
    // Signed for 1 kB, but 6 MB arrived at Cloudinary.
    const big = await directUpload("cover", await pngOfSize(6 * MB), "big.png", "image/png", 1000);
    const tooBig = await createProject(projectForm(JSON.stringify(big)));
    expect([tooBig.status, tooBig.body.message]).toEqual([413, "File too large: big.png"]);
    expect(standIn.uploads.has(big.public_id)).toBe(false);

    const bomb = await directUpload(
      "cover",
      pngHeaderOnly(10_000, 10_000),
      "bomb.png",
      "image/png",
    );
    const tooManyPixels = await createProject(projectForm(JSON.stringify(bomb)));
    expect([tooManyPixels.status, tooManyPixels.body.message]).toEqual([
      413,
      "File too large: bomb.png",
    ]);
    expect(standIn.uploads.has(bomb.public_id)).toBe(false);

    // A section image's signature used for a cover: refused and destroyed.
    const image = await directUpload("image", await pngOfSize(2000), "i.png", "image/png");
    expect((await createProject(projectForm(JSON.stringify(image)))).status).toBe(400);
    expect(standIn.uploads.has(image.public_id)).toBe(false);
    expect(await projectCount()).toBe(before);
  });

  it("makes an image's blur-up placeholder from the browser's preview, re-encoded here", async () => {
    // The browser's preview: a 16 × 12 PNG drawn from the picked file.
    const drawn = await sharp({
      create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 40, b: 30 } },
    })
      .png()
      .toBuffer();
    const preview = `data:image/png;base64,${drawn.toString("base64")}`;
    const cover = await directUpload("cover", await pngOfSize(2000, 64, 48), "c.png", "image/png");
    const project = await createProject(projectForm(JSON.stringify({ ...cover, preview })));
    expect(project.status).toBe(201);
    const stored = (project.body.data as unknown as { coverPlaceholder: string }).coverPlaceholder;
    // Stored as this server's WebP, never the browser's bytes as sent.
    const match = /^data:image\/webp;base64,(.+)$/.exec(stored);
    expect(match).not.toBeNull();
    expect(await sharp(Buffer.from(match![1]!, "base64")).metadata()).toMatchObject({
      format: "webp",
      width: 16,
      height: 12,
    });

    // Without a preview, or with one that is not a small image: saved, without a placeholder.
    const plain = await directUpload("image", await pngOfSize(2000), "a.png", "image/png");
    const notImage = await directUpload("image", await pngOfSize(2000), "b.png", "image/png");
    const huge = await directUpload("image", await pngOfSize(2000), "h.png", "image/png");
    const big = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#333" },
    })
      .png()
      .toBuffer();
    const section = await call<{ images: { placeholder: string | null }[] }>(
      site.server.url,
      "POST",
      `/api/sections/${project.body.data._id}`,
      {
        token: site.ownerToken,
        form: multipart([
          ["resources", JSON.stringify(plain)],
          ["resources", JSON.stringify({ ...notImage, preview: "data:image/png;base64,AAAA" })],
          [
            "resources",
            JSON.stringify({ ...huge, preview: `data:image/png;base64,${big.toString("base64")}` }),
          ],
        ]),
      },
    );
    expect(section.status).toBe(201);
    expect(section.body.data.images.map((image) => image.placeholder)).toEqual([null, null, null]);

    // A preview that is not an image data URL makes the text no reference: 400, nothing saved
    // (the upload is left to the sweep of never-saved uploads, like any text that is not one).
    const bad = await directUpload("image", await pngOfSize(2000), "x.png", "image/png");
    const refused = await call(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([["resources", JSON.stringify({ ...bad, preview: "javascript:alert(1)" })]]),
    });
    expect([refused.status, refused.body.message]).toEqual([400, "Invalid upload reference"]);
    const sections = await call<unknown[]>(
      site.server.url,
      "GET",
      `/api/sections/${project.body.data._id}`,
    );
    expect(sections.body.data).toHaveLength(1);
  });

  it("Cloudinary itself refuses a format the signature does not allow", async () => {
    const signed = await sign({ kind: "video", size: 100, type: "video/mp4", name: "v.mp4" });
    const { uploadUrl, params } = signed.body.data;
    const answer = await postToCloudinary(uploadUrl, params, await pngOfSize(2000), "v.mp4");
    expect(answer.status).toBe(400);
  });

  it("stores the Reel's mp4 by reference, its renditions Cloudinary's, never twice, and destroys it when a link replaces it", async () => {
    const settings = (parts: [string, string][]) =>
      call<{
        showreelVideoUrl: string;
        showreelVideoKey: string | null;
        showreelVideoStatus: string | null;
        showreelVideoRenditions: { url: string; width: number; height: number }[];
        showreelPosterUrl: string;
        showreelPosterKey: string | null;
      }>(site.server.url, "PUT", "/api/settings", {
        token: site.ownerToken,
        form: multipart([["ownerName", "Direct"], ...parts]),
      });
    // What Cloudinary reads of it: a 10 s 1280×720 reel.
    standIn.reportNext({ width: 1280, height: 720, duration: 10, frameRate: 25 });
    const video = await directUpload("video", mp4OfSize(12 * MB), "reel.mp4", "video/mp4");
    const saved = await settings([["showreelVideo", JSON.stringify(video)]]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.showreelVideoUrl).toContain(
      `/video/upload/v${video.version}/${video.public_id}`,
    );
    // Not encoded here: ready at once, its renditions Cloudinary's transformations at the ladder's
    // rungs, which /reel lists smallest first.
    expect(saved.body.data.showreelVideoStatus).toBe("ready");
    const renditions = saved.body.data.showreelVideoRenditions;
    expect(renditions.map(({ width, height }) => [width, height])).toEqual([
      [854, 480],
      [1280, 720],
    ]);
    expect(renditions[0]!.url).toMatch(
      new RegExp(
        `/video/upload/c_limit,w_854,h_480/vc_h264,br_1200k,q_auto/v\\d+/${video.public_id}\\.mp4$`,
      ),
    );
    const reel = await (await fetch(new URL("/reel", site.server.url))).text();
    expect(reel).toContain(`<source src="${renditions[0]!.url}"`);
    // A poster frame the owner picks is Cloudinary's picture of the video at that time.
    const framed = await settings([["showreelPosterTime", "2"]]);
    expect(framed.status).toBe(200);
    expect(framed.body.data.showreelPosterUrl).toMatch(
      new RegExp(`/video/upload/so_2/v\\d+/${video.public_id}\\.jpg$`),
    );
    expect(framed.body.data.showreelPosterKey).toBeNull();
    expect(site.uploads()).toEqual([]);
    // The same upload named by a section is refused: two rows would share one file.
    const project = await createProject(
      projectForm(
        JSON.stringify(await directUpload("cover", await pngOfSize(2000), "c.png", "image/png")),
      ),
    );
    const twice = await call(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([["video", JSON.stringify(video)]]),
    });
    expect(twice.status).toBe(400);
    expect(standIn.uploads.has(video.public_id)).toBe(true);
    // A link replaces it: the file is destroyed after the save.
    const linked = await settings([
      ["showreelUrl", "https://vimeo.com/76979871"],
      ["removeShowreelVideo", "true"],
    ]);
    expect(linked.body.data).toMatchObject({ showreelVideoUrl: "", showreelVideoKey: null });
    expect(standIn.uploads.has(video.public_id)).toBe(false);
  });

  it("destroys the uploads of a form refused for another reason", async () => {
    const image = await directUpload("image", await pngOfSize(2000), "i.png", "image/png");
    const project = await createProject(
      projectForm(
        JSON.stringify(await directUpload("cover", await pngOfSize(2000), "c.png", "image/png")),
      ),
    );
    const answer = await call(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "x".repeat(10_000)],
        ["resources", JSON.stringify(image)],
      ]),
    });
    expect(answer.status).toBe(400);
    expect(standIn.uploads.has(image.public_id)).toBe(false);
  });

  it("lib/client/direct-upload.ts signs, uploads with progress and builds references the API takes", async () => {
    resetDirectUploads();
    const transport: DirectTransport = {
      ...browserTransport(),
      // The browser draws it on a canvas; here sharp stands in for the canvas.
      preview: async (file) => {
        previewed.push(file.name);
        const small = await sharp(Buffer.from(await file.arrayBuffer()))
          .resize(16, 16, { fit: "inside" })
          .webp()
          .toBuffer();
        return `data:image/webp;base64,${small.toString("base64")}`;
      },
    };
    const previewed: string[] = [];
    const files = [
      {
        file: new File([new Uint8Array(await pngOfSize(3000))], "a.png", { type: "image/png" }),
        kind: "image" as const,
      },
      {
        file: new File([new Uint8Array(mp4OfSize(200_000))], "v.mp4", { type: "video/mp4" }),
        kind: "video" as const,
      },
    ];
    const progress: number[] = [];
    const result = await uploadDirect(files, (percent) => progress.push(percent), transport);
    expect(result.kind).toBe("ok");
    if (result.kind !== "ok") return;
    expect(progress.at(-1)).toBe(100);
    // Only the image gets a preview, carried in its reference.
    expect(previewed).toEqual(["a.png"]);
    expect(JSON.parse(result.references[0]!).preview).toMatch(/^data:image\/webp;base64,/);
    expect(JSON.parse(result.references[1]!)).not.toHaveProperty("preview");
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const project = await createProject(
      projectForm(
        JSON.stringify(await directUpload("cover", await pngOfSize(2000), "c.png", "image/png")),
      ),
    );
    const section = await call(site.server.url, "POST", `/api/sections/${project.body.data._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["resources", result.references[0]!],
        ["video", result.references[1]!],
      ]),
    });
    expect(section.status).toBe(201);
    const saved = section.body.data as { images: { placeholder: string | null }[] };
    expect(saved.images[0]!.placeholder).toMatch(/^data:image\/webp;base64,/);

    // A refused file comes back with the rule's message, before anything is uploaded.
    const uploadsBefore = standIn.uploads.size;
    const exe = new File([new Uint8Array(10)], "a.exe", { type: "application/x-msdownload" });
    expect(await uploadDirect([{ file: exe, kind: "image" }], undefined, transport)).toEqual({
      kind: "failed",
      message: "Invalid file type: a.exe",
    });
    expect(standIn.uploads.size).toBe(uploadsBefore);
  });

  it("keeps the section form's poster frame and loop points for a video sent straight to Cloudinary", async () => {
    resetDirectUploads();
    // What Cloudinary reads of each video the form sends: a 1.95 s 320×180 clip at 25 fps.
    const transport = browserTransport();
    const upload = transport.upload;
    transport.upload = (url, form, onProgress) => {
      if (url.endsWith("/video/upload"))
        standIn.reportNext({ width: 320, height: 180, duration: 1.95, frameRate: 25 });
      return upload(url, form, onProgress);
    };
    const project = await createProject(
      projectForm(
        JSON.stringify(await directUpload("cover", await pngOfSize(2000), "c.png", "image/png")),
      ),
    );
    const projectId = project.body.data._id;
    // The form's draft: a loop with its points and the frame captured at 0.75 s as its poster.
    const draft = async (trim: { start: number; end: number }): Promise<SectionDraft> => ({
      title: "Cut loop",
      description: "",
      existingImages: [],
      removedImages: [],
      newImages: [],
      videoMode: "upload",
      videoFile: new File([new Uint8Array(mp4OfSize(100_000))], "v.mp4", { type: "video/mp4" }),
      videoEmbed: "",
      removeVideo: false,
      layout: "grid",
      playback: "loop",
      posterFile: new File([new Uint8Array(await pngOfSize(2000, 32, 18))], "poster.png", {
        type: "image/png",
      }),
      posterTime: 0.75,
      trim,
    });
    type Saved = {
      _id: string;
      version: number;
      poster: string;
      posterTime: number | null;
      trimStart: number | null;
      trimEnd: number | null;
      videoStatus: string;
      videoRenditions: { url: string }[];
    };
    /** The section form's save on Cloudinary (Add, or Edit of `stored`): files there first. */
    async function save(sent: SectionDraft, stored?: Saved) {
      const direct = await uploadDirect(sectionFiles(sent), undefined, transport);
      if (direct.kind !== "ok") throw new Error(`direct upload ${direct.kind}`);
      const form = new FormData();
      const references = withSectionReferences(sent, direct.references);
      fillSectionForm<File | string>(form, references, stored ? undefined : projectId);
      if (stored) form.append("version", String(stored.version));
      const answer = await call<Saved>(
        site.server.url,
        stored ? "PUT" : "POST",
        `/api/sections/${stored?._id ?? projectId}`,
        { token: site.ownerToken, form },
      );
      return { answer, ids: direct.references.map((ref) => JSON.parse(ref).public_id as string) };
    }

    const { answer, ids } = await save(await draft({ start: 0.4, end: 1.6 }));
    expect(answer.status).toBe(201);
    const [videoId, posterId] = ids as [string, string];
    expect(answer.body.data).toMatchObject({
      videoStatus: "ready",
      posterTime: 0.75,
      trimStart: 0.4,
      trimEnd: 1.6,
    });
    // Cut to the points and muted by Cloudinary's transformations, one rung at the clip's size.
    expect(answer.body.data.videoRenditions.map(({ url }) => url)).toEqual([
      expect.stringMatching(
        new RegExp(
          `/video/upload/so_0\\.4,eo_1\\.6/c_limit,w_320,h_180/vc_h264,br_1200k,q_auto,ac_none/v\\d+/${videoId}\\.mp4$`,
        ),
      ),
    ]);
    // The poster is the frame the owner picked, as captured in the browser (kept as locally).
    expect(answer.body.data.poster).toContain(posterId);

    // The Edit form with another file and other points: cut to those, the earlier files destroyed.
    const edited = await save(await draft({ start: 0.2, end: 1 }), answer.body.data);
    expect(edited.answer.status).toBe(200);
    expect(edited.answer.body.data.videoRenditions[0]!.url).toContain("/so_0.2,eo_1/");
    expect(standIn.uploads.has(videoId)).toBe(false);

    // An in point past the end Cloudinary reports: the encoder's 400, the uploads destroyed, the
    // section as it was.
    const late = await save(await draft({ start: 2.5, end: 3 }), edited.answer.body.data);
    expect(late.answer).toMatchObject({
      status: 400,
      body: { message: "trimStart (2.50 s) is past the end of the video (1.95 s)" },
    });
    for (const id of late.ids) expect(standIn.uploads.has(id)).toBe(false);
    const kept = await call<Saved[]>(site.server.url, "GET", `/api/sections/${projectId}`, {});
    expect(kept.body.data[0]!.videoRenditions[0]!.url).toContain("/so_0.2,eo_1/");
  });
});
