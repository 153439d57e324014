import { resumableMessages } from "@/lib/validation/resumable-uploads";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { makeMaster } from "../test/helpers/video-masters";
import { makePng } from "./helpers/owner-media";
import {
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  uniqueTitle,
} from "./helpers/owner-flows";
import { expectCovers } from "./helpers/layout";

/**
 * docs/spec.md §2: a project cover may be a short mp4 loop. On the gallery card the still shows;
 * the muted loop plays on hover or focus with a fine pointer, while in view on phones, never under
 * reduced motion, and no video byte is fetched before. The owner's forms upload it with progress.
 * docs/media.md "Cover loops": the card plays it once encoded, from the rendition its screen needs.
 */
signInOwnerForFile("cover-loop");

const CLIP = fs.readFileSync(path.join(__dirname, "fixtures", "clip.mp4"));
const clipFile = { name: "clip.mp4", mimeType: "video/mp4", buffer: CLIP };
let project: { id: string; title: string; coverVideo: string };

type CoverLoop = {
  coverVideo: string;
  coverVideoStatus: string;
  coverVideoRenditions: { url: string; height: number }[];
};

/** The project's cover loop once its encoding is over (the card shows the still until then). */
async function encodedLoop(request: APIRequestContext, id: string): Promise<CoverLoop> {
  let loop: CoverLoop | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/projects/${id}`);
        loop = ((await answer.json()) as { data: CoverLoop }).data;
        return loop.coverVideoStatus;
      },
      { timeout: 90_000 },
    )
    .toBe("ready");
  return loop!;
}

test.beforeEach(async ({ page }) => {
  const title = uniqueTitle("Moving cover");
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post("/api/projects", {
    headers: { Origin: origin },
    multipart: {
      title,
      role: "Direction",
      category: "Motion Design",
      cover: {
        name: "cover.png",
        mimeType: "image/png",
        buffer: makePng({ width: 640, height: 480 }),
      },
      coverVideo: clipFile,
    },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { _id: string; coverVideo: string } };
  // A 320×180 H.264 clip without sound is a loop already: ready as uploaded, at once.
  const { coverVideo } = await encodedLoop(page.request, data._id);
  expect(coverVideo).toBe(data.coverVideo);
  project = { id: data._id, title, coverVideo };
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});

/** The new project's card link: newest first, so the first card of the gallery. */
const cardLink = (page: Page) => page.locator(`a[href="/sections/${project.id}"]`);
const loopOf = (page: Page) => cardLink(page).locator("video");
const playing = (page: Page) =>
  loopOf(page).evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0);

function videoRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(project.coverVideo)) seen.push(request.url());
  });
  return seen;
}

test.describe("desktop, fine pointer", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the still shows, no video bytes before hover; on hover the muted loop plays, and pauses on leave", async ({
    page,
  }) => {
    const requests = videoRequests(page);
    await page.goto("/");
    const link = cardLink(page);
    await expect(link).toHaveAttribute("data-loop", project.coverVideo);
    await expect(link.locator("img")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(loopOf(page)).toHaveCount(0);
    expect(requests).toEqual([]);

    await link.hover();
    const video = loopOf(page);
    await expect(video).toHaveCount(1);
    for (const name of ["muted", "loop", "playsinline"])
      await expect(video).toHaveAttribute(name, "");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("aria-hidden", "true");
    await expect(video).not.toHaveAttribute("controls");
    await expect.poll(() => playing(page)).toBe(true);
    expect(requests.length).toBeGreaterThan(0);
    await expect(video).toHaveCSS("opacity", "1");
    // The whole card (the still itself grows under the pointer, clipped by the card).
    await expectCovers(video, link, "the loop over the card");

    await page.mouse.move(2, 2);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused))
      .toBe(true);
  });

  test("keyboard focus plays the loop too", async ({ page }) => {
    await page.goto("/");
    await cardLink(page).focus();
    await expect.poll(() => playing(page)).toBe(true);
  });

  test("never plays under reduced motion: the still stays, no video is made or fetched", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const requests = videoRequests(page);
    await page.goto("/");
    await cardLink(page).hover();
    await cardLink(page).focus();
    await page.waitForTimeout(1000);
    await expect(loopOf(page)).toHaveCount(0);
    expect(requests).toEqual([]);
    await expect(cardLink(page).locator("img")).toBeVisible();
  });
});

test.describe("phone, no hover", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("plays while the card is in view", async ({ page }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    await cardLink(page).scrollIntoViewIfNeeded();
    await expect.poll(() => playing(page)).toBe(true);
    await expect(loopOf(page)).toHaveCSS("opacity", "1");
    await expectCovers(
      loopOf(page),
      cardLink(page).locator("img"),
      "the loop over the card's still",
    );
  });
});

test.describe("a loop encoded from a master, on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("plays the 480p rendition (≤ 720p) once encoded, not the master", async ({ page }) => {
    test.setTimeout(150_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-cover-"));
    const master = makeMaster(dir, "master.mp4", { width: 1920, height: 1080, seconds: 2 });
    const answer = await page.request.put(`/api/projects/${project.id}`, {
      headers: { Origin: String(test.info().project.use.baseURL) },
      multipart: {
        title: project.title,
        role: "Direction",
        category: "Motion Design",
        coverVideo: { name: "master.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(master) },
      },
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(answer.status()).toBe(200);
    const upload = ((await answer.json()) as { data: CoverLoop }).data.coverVideo;
    const loop = await encodedLoop(page.request, project.id);
    expect(loop.coverVideoRenditions.map((rendition) => rendition.height)).toEqual([
      480, 720, 1080,
    ]);

    const requests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".mp4")) requests.push(request.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await cardLink(page).scrollIntoViewIfNeeded();
    await expect.poll(() => playing(page)).toBe(true);
    const source = await loopOf(page).evaluate((video: HTMLVideoElement) => video.currentSrc);
    expect(new URL(source).pathname).toBe(loop.coverVideoRenditions[0]!.url);
    // Neither the master nor a larger rendition is fetched.
    for (const url of requests)
      expect([upload, ...loop.coverVideoRenditions.slice(1).map((r) => r.url)]).not.toContain(
        new URL(url).pathname,
      );
  });
});

test("the Add New Project form uploads a cover loop with progress", async ({ page }) => {
  await openOwnerPage(page, "/addproject");
  const title = uniqueTitle("Form loop");
  await page.getByLabel("Cover image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: makePng({ width: 320, height: 240 }),
  });
  const loopField = page.getByLabel("Cover loop (MP4, MOV, WebM or MKV)");
  // Refused in the browser with the API's wording: not an mp4.
  await loopField.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("x"),
  });
  await expect(page.getByText(resumableMessages.notVideo("notes.txt"))).toBeVisible();
  await loopField.setInputFiles(clipFile);
  // Its in and out points, on the chosen file: out at 1.6 s of the 1.95 s clip.
  const loopOut = page.getByLabel("Loop out");
  await expect(loopOut).toBeEnabled();
  await loopOut.fill("1.6");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 0.00 s to 1.60 s (1.60 s)");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Motion Design");
  // The answer is held back a moment, so the progress bar can be seen.
  await page.route("**/api/projects", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole("button", { name: "Add Project" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading" })).toBeVisible();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;
  const stored = await page.request.get(`/api/projects/${id}`);
  const { data } = (await stored.json()) as {
    data: { coverVideo: string; coverTrimStart: number | null; coverTrimEnd: number };
  };
  expect(data.coverVideo).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
  expect(data).toMatchObject({ coverTrimStart: 0, coverTrimEnd: 1.6 });
  // Trimmed, the clip is encoded (one rendition at its own size), not kept as uploaded.
  const loop = await encodedLoop(page.request, id);
  expect(loop.coverVideoRenditions.map((rendition) => rendition.height)).toEqual([180]);
  await deleteProjectViaApi(page, id);
});

test("the Edit modal replaces the cover loop, then removes it", async ({ page }) => {
  await page.goto("/");
  const card = page.getByTestId("project-card").filter({ hasText: project.title });
  const openEdit = async () => {
    await card.getByRole("button", { name: `Edit ${project.title}` }).click();
    return page.getByRole("dialog", { name: `Edit ${project.title}` });
  };
  const stored = async () =>
    (
      (await (await page.request.get(`/api/projects/${project.id}`)).json()) as {
        data: { coverVideo: string };
      }
    ).data.coverVideo;

  let dialog = await openEdit();
  await expect(dialog.getByRole("link", { name: "mp4 file" })).toHaveAttribute(
    "href",
    project.coverVideo,
  );
  await dialog.getByLabel("Cover loop (MP4, MOV, WebM or MKV)").setInputFiles(clipFile);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const replaced = await stored();
  expect(replaced).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
  expect(replaced).not.toBe(project.coverVideo);

  dialog = await openEdit();
  await dialog.getByLabel("Remove the cover loop").check();
  await expect(dialog.getByText("(will be removed)")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  expect(await stored()).toBe("");
  await page.reload();
  await expect(cardLink(page)).not.toHaveAttribute("data-loop");
});
