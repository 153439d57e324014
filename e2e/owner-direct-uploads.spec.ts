import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { OWNER_EMAIL, PASSWORD, startApiSite, type ApiSite } from "../test/helpers/api-client";
import { startCloudinaryStandIn } from "../test/helpers/cloudinary-stand-in";
import { toast } from "./helpers/owner-flows";
import { MB, playableMp4, png } from "./helpers/owner-media";
import { expectInViewport } from "./helpers/layout";

// Direct uploads (docs/api.md#direct-uploads) in the browser: on a site storing media on Cloudinary (here the suite's
// signature-checking stand-in), the owner forms upload each file straight to Cloudinary with the
// same progress bar, and only references reach the site.
let standIn: Awaited<ReturnType<typeof startCloudinaryStandIn>>;
let site: ApiSite;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  standIn = await startCloudinaryStandIn("e2e-cloud", "e2e-key", "e2e-secret");
  site = await startApiSite({
    CLOUDINARY_URL: `cloudinary://e2e-key:e2e-secret@e2e-cloud?upload_prefix=${standIn.url}`,
  });
});
test.afterAll(async () => {
  await site?.stop();
  await standIn?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${site.server.url}/signin`);
  await page.getByLabel("Email").fill(OWNER_EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
}

const clip = () => fs.readFileSync(path.join(__dirname, "fixtures", "clip.mp4"));

/**
 * Answers every request for a video on the stand-in's cloud with the fixture clip, with byte
 * ranges as Cloudinary's CDN answers a video; the URLs asked for are collected.
 */
async function serveClipAsCloudinary(page: Page): Promise<string[]> {
  const bytes = clip();
  const asked: string[] = [];
  await page.route("https://res.cloudinary.com/e2e-cloud/video/**", async (route) => {
    asked.push(route.request().url());
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? "");
    const start = Number(range?.[1] ?? 0);
    const end = range?.[2] ? Number(range[2]) : bytes.length - 1;
    await route.fulfill({
      status: range ? 206 : 200,
      headers: {
        "content-type": "video/mp4",
        "accept-ranges": "bytes",
        ...(range ? { "content-range": `bytes ${start}-${end}/${bytes.length}` } : {}),
      },
      body: bytes.subarray(start, end + 1),
    });
  });
  return asked;
}

test("project cover and section media go to Cloudinary, not through the site", async ({ page }) => {
  test.setTimeout(120_000);
  const base = site.server.url;
  const bodiesToSite: { url: string; bytes: number }[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${base}/api/`) && request.method() !== "GET")
      bodiesToSite.push({ url: request.url(), bytes: request.postDataBuffer()?.length ?? 0 });
  });

  await signIn(page);

  await page.goto(`${base}/addproject`);
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill("Straight to the cloud");
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Illustration");
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const projectId = page.url().split("/").at(-1)!;
  expect([...standIn.uploads.values()].map((upload) => upload.resourceType)).toEqual(["image"]);

  await page.getByLabel("Title").fill("Loop and frame");
  await page.getByLabel(/^Add images/).setInputFiles([png("frame.png")]);
  await page.getByLabel("Alt text for frame.png").fill("A red frame");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: playableMp4(8 * MB),
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 4 * MB,
    uploadThroughput: 2 * MB,
  });
  await page.getByRole("button", { name: "Add Section" }).click();
  const progress = page.getByRole("progressbar", { name: "Uploading" });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeLessThan(100);
  await expect(page.getByRole("button", { name: /^Uploading \d+%$/ })).toBeDisabled();
  await expectInViewport(progress, "the progress bar");
  await expect(toast(page)).toHaveText(/Section added successfully!/, { timeout: 60_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page).toHaveURL(new RegExp(`/sections/${projectId}$`));

  // The 8 MB video is on Cloudinary; the site stored no file and received only small bodies.
  const video = [...standIn.uploads.values()].find((upload) => upload.resourceType === "video");
  expect(video?.bytes.length).toBe(8 * MB);
  expect(site.uploads()).toEqual([]);
  const sectionPost = bodiesToSite.find((body) => body.url.endsWith(`/api/sections/${projectId}`));
  expect(sectionPost?.bytes).toBeGreaterThan(0);
  expect(Math.max(...bodiesToSite.map((body) => body.bytes))).toBeLessThan(10 * 1024);

  // Blur-up placeholders all the same: made from the preview Chromium drew of each image.
  const webp = /^data:image\/webp;base64,/;
  const project = await (await page.request.get(`${base}/api/projects/${projectId}`)).json();
  expect(project.data.coverPlaceholder).toMatch(webp);
  const sections = await (await page.request.get(`${base}/api/sections/${projectId}`)).json();
  const [section] = sections.data as {
    images: { placeholder: string | null }[];
    posterPlaceholder: string | null;
  }[];
  expect(section!.images[0]!.placeholder).toMatch(webp);
  expect(section!.posterPlaceholder).toMatch(webp);
});

test("a cover loop on Cloudinary takes in and out points in the Add form and the Edit modal, cut by Cloudinary's transformations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = site.server.url;
  await signIn(page);
  await page.goto(`${base}/addproject`);
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Cover loop (MP4, MOV, WebM or MKV)").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: clip(),
  });
  // Its in and out points, on the chosen file (a 1.95 s, 320 × 180 clip).
  const loopIn = page.getByLabel("Loop in");
  await expect(loopIn).toBeEnabled();
  await loopIn.fill("0.4");
  await page.getByLabel("Loop out").fill("1.6");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 0.40 s to 1.60 s (1.20 s)");
  await page.getByLabel("Title").fill("Cut in the cloud");
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Motion Design");
  // The cover went straight to Cloudinary when the form was sent; the loop goes through the site,
  // and the stand-in reports what Cloudinary reads of it.
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${base}/api/projects`)
      standIn.reportNext({ width: 320, height: 180, duration: 1.95, frameRate: 25 });
  });
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;
  const { data } = (await (await page.request.get(`${base}/api/projects/${id}`)).json()) as {
    data: {
      coverVideo: string;
      coverVideoStatus: string;
      coverTrimStart: number;
      coverTrimEnd: number;
      coverVideoRenditions: { url: string; height: number }[];
    };
  };
  expect(data).toMatchObject({ coverVideoStatus: "ready", coverTrimStart: 0.4, coverTrimEnd: 1.6 });
  // One rung, the clip's own size: muted and cut to the points, by URL.
  expect(data.coverVideoRenditions).toHaveLength(1);
  expect(data.coverVideo).toMatch(
    /^https:\/\/res\.cloudinary\.com\/e2e-cloud\/video\/upload\/so_0\.4,eo_1\.6\/c_limit,w_320,h_180\/vc_h264,br_1200k,q_auto,ac_none\/v\d+\/.+\.mp4$/,
  );
  expect(site.uploads()).toEqual([]);

  // The Edit modal moves the stored loop's points on a playable copy Cloudinary makes of it (served
  // here by the clip itself); saving rewrites the URLs, with no upload.
  const previews = await serveClipAsCloudinary(page);
  const uploads = standIn.uploads.size;
  await page.goto(`${base}/`);
  const card = page.getByTestId("project-card").filter({ hasText: "Cut in the cloud" });
  await card.getByRole("button", { name: "Edit Cut in the cloud" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Cut in the cloud" });
  await expect(dialog.getByText(/^Loop: /)).toHaveText("Loop: 0.40 s to 1.60 s (1.20 s)");
  const storedIn = dialog.getByLabel("Loop in");
  await expect(storedIn).toBeEnabled();
  await storedIn.fill("0.2");
  await expect(dialog.getByText(/^Loop: /)).toHaveText("Loop: 0.20 s to 1.60 s (1.40 s)");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // The picker played the stored file's playable copy (the card's loop may ask for its rendition).
  expect(previews).toContainEqual(
    expect.stringMatching(/\/video\/upload\/c_limit,w_640,h_640\/vc_h264,q_auto,ac_none\/v\d+\//),
  );
  const edited = (await (await page.request.get(`${base}/api/projects/${id}`)).json()) as {
    data: { coverVideo: string; coverTrimStart: number };
  };
  expect(edited.data.coverTrimStart).toBe(0.2);
  expect(edited.data.coverVideo).toContain("/so_0.2,eo_1.6/c_limit,w_320,h_180/");
  expect(standIn.uploads.size).toBe(uploads);
});

test("the Edit Section form moves a stored Cloudinary loop's poster frame and points on Cloudinary's playable copy", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = site.server.url;
  await signIn(page);
  const origin = { Origin: base };
  const project = await page.request.post(`${base}/api/projects`, {
    headers: origin,
    multipart: {
      title: "Stored loop",
      role: "Direction",
      category: "Motion Design",
      cover: png("cover.png"),
    },
  });
  const projectId = ((await project.json()) as { data: { _id: string } }).data._id;
  standIn.reportNext({ width: 320, height: 180, duration: 1.95, frameRate: 25 });
  const created = await page.request.post(`${base}/api/sections/${projectId}`, {
    headers: origin,
    multipart: {
      title: "Stored loop",
      video: { name: "clip.mp4", mimeType: "video/mp4", buffer: clip() },
      playback: "loop",
      trimStart: "0.4",
      trimEnd: "1.6",
    },
  });
  expect(created.status()).toBe(201);
  const { _id: id, poster: first } = (
    (await created.json()) as { data: { _id: string; poster: string } }
  ).data;
  // Sent without a poster: Cloudinary's picture of its first frame, no generated still stored.
  expect(first).toMatch(/\/video\/upload\/so_(auto|[\d.]+)\/v\d+\/.+\.jpg$/);
  const asked = await serveClipAsCloudinary(page);
  const uploads = standIn.uploads.size;

  await page.goto(`${base}/editsectionpage/${id}`);
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 0.40 s to 1.60 s (1.20 s)");
  const loopIn = page.getByLabel("Loop in");
  await expect(loopIn).toBeEnabled();
  await loopIn.fill("0.2");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 0.20 s to 1.60 s (1.40 s)");
  // The poster frame on the same copy: sent as a time, drawn by Cloudinary.
  const poster = page.getByLabel("Poster frame");
  await expect(poster).toBeEnabled();
  await poster.fill("1.2");
  await expect(page.getByText(/^Poster: the chosen frame \(/)).toHaveText(
    "Poster: the chosen frame (1.2 s)",
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toHaveText(/Section updated successfully!/, { timeout: 30_000 });
  expect(asked).toContainEqual(
    expect.stringMatching(/\/video\/upload\/c_limit,w_640,h_640\/vc_h264,q_auto,ac_none\/v\d+\//),
  );
  const sections = (await (await page.request.get(`${base}/api/sections/${projectId}`)).json()) as {
    data: { trimStart: number; video: string; poster: string; posterTime: number }[];
  };
  expect(sections.data[0]!.trimStart).toBe(0.2);
  expect(Math.abs(sections.data[0]!.posterTime - 1.2)).toBeLessThanOrEqual(0.02);
  expect(sections.data[0]!.poster).toMatch(/\/video\/upload\/so_1\.\d+\/v\d+\/.+\.jpg$/);
  expect(sections.data[0]!.video).toContain("/so_0.2,eo_1.6/c_limit,w_320,h_180/");
  // Nothing uploaded, nothing destroyed: both posters are Cloudinary's pictures of the video.
  expect(standIn.uploads.size).toBe(uploads);
});
