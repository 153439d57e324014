import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { makeMaster } from "../test/helpers/video-masters";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";
import { makeMp4, makePng } from "./helpers/owner-media";

/**
 * docs/spec.md "Video encoding": an uploaded master is encoded into renditions, and the visitor's
 * `<video>` lists them smallest first by width, so a 375 px phone plays 480p and a 1440 px
 * desktop 1080p (`currentSrc`); a loop still fetches no video byte before it is near.
 */
signInOwnerForFile("video-renditions");

type Rendition = { url: string; width: number; height: number };
type SectionData = { _id: string; videoStatus: string; videoRenditions: Rendition[] };

let project: CreatedProject;
let renditions: Rendition[];
const masters = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-masters-"));

const origin = () => String(test.info().project.use.baseURL);
const postSection = (
  page: Page,
  multipart: NonNullable<Parameters<Page["request"]["post"]>[1]>["multipart"],
) => page.request.post(`/api/sections/${project.id}`, { headers: { Origin: origin() }, multipart });

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Film"),
    category: "Motion Design",
  });
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});
test.afterAll(() => fs.rmSync(masters, { recursive: true, force: true }));

test.describe("the visitor's page of an encoded loop", () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(120_000);
    // A tall text section first, so the loop starts well over one viewport below the fold.
    const notes = Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`).join("\n");
    expect((await postSection(page, { title: "Notes", description: notes })).status()).toBe(201);
    const master = makeMaster(masters, "master.mp4", { width: 1920, height: 1080, seconds: 2 });
    const created = await postSection(page, {
      title: "Title card",
      playback: "loop",
      video: { name: "master.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(master) },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: SectionData }).data._id;
    // The encoding runs in the background: the API reports it until the renditions are ready.
    await expect
      .poll(
        async () => {
          const list = await page.request.get(`/api/sections/${project.id}`);
          const section = ((await list.json()) as { data: SectionData[] }).data.find(
            (item) => item._id === id,
          );
          renditions = section?.videoRenditions ?? [];
          return section?.videoStatus;
        },
        { timeout: 90_000 },
      )
      .toBe("ready");
  });

  /** The visitor's page (no owner cookie) at a window width; the rendition URLs it requested. */
  async function visit(browser: Browser, width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      storageState: { cookies: [], origins: [] },
      reducedMotion: "no-preference",
    });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url()).pathname;
      if (renditions.some((rendition) => rendition.url === url)) requested.push(url);
    });
    await page.goto(`/sections/${project.id}`);
    return { page, requested, close: () => context.close() };
  }

  const currentSrc = (page: Page) =>
    page
      .locator('video[data-playback="loop"]')
      .evaluate((video: HTMLVideoElement) => new URL(video.currentSrc || "x:").pathname);

  test("a 375 px phone plays the 480p rendition, fetched only once the loop is near", async ({
    browser,
  }) => {
    expect(renditions.map((rendition) => rendition.height)).toEqual([480, 720, 1080]);
    const { page, requested, close } = await visit(browser, 375);
    const video = page.locator('video[data-playback="loop"]');
    await expect(video.locator("source")).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);
    await video.scrollIntoViewIfNeeded();
    await expect(video.locator("source")).toHaveCount(3);
    await expect.poll(() => currentSrc(page)).toBe(renditions[0]!.url);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
      .toBe(true);
    expect(new Set(requested)).toEqual(new Set([renditions[0]!.url]));
    await close();
  });

  test("a 1440 px desktop plays the 1080p rendition", async ({ browser }) => {
    const { page, close } = await visit(browser, 1440);
    await page.locator('video[data-playback="loop"]').scrollIntoViewIfNeeded();
    await expect.poll(() => currentSrc(page)).toBe(renditions[2]!.url);
    await close();
  });
});

test("the project editor shows a section's encoding, then its player, without a reload", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const master = makeMaster(masters, "phone.mp4", {
    width: 640,
    height: 360,
    seconds: 1,
    hevc: true,
  });
  const created = await postSection(page, {
    title: "Phone cut",
    poster: { name: "p.png", mimeType: "image/png", buffer: makePng() },
    video: { name: "phone.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(master) },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/editproject/${project.id}`);
  const section = page.getByRole("region", { name: "Phone cut" });
  // HEVC: no player meanwhile, the still and a line saying why.
  const status = page.getByRole("status").filter({ hasText: "poster meanwhile" });
  await expect(status).toHaveText(
    /^(The video is waiting to be encoded\.|Encoding the video: \d+ %\.)/,
  );
  await expect(section.locator("video")).toHaveCount(0);
  // Encoded: the page is drawn again with the player, and the line goes.
  await expect(section.locator("video")).toHaveCount(1, { timeout: 90_000 });
  await expect(status).toHaveCount(0);
});

test("the Edit Section page shows why encoding failed and retries it", async ({ page }) => {
  const created = await postSection(page, {
    title: "Broken",
    video: { name: "broken.mp4", mimeType: "video/mp4", buffer: makeMp4() },
  });
  const id = ((await created.json()) as { data: SectionData }).data._id;
  await page.goto(`/editsectionpage/${id}`);
  const alert = page.getByRole("alert").filter({ hasText: "Encoding failed" });
  // A failure found after the page loaded shows there too (it polls while encoding).
  await expect(alert).toHaveText(
    /Encoding failed: The file is not a video the encoder can read\./,
    { timeout: 30_000 },
  );
  const retried = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/sections/${id}/video`) &&
      response.request().method() === "POST",
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await alert.getByRole("button", { name: "Retry encoding" }).click();
  expect((await retried).status()).toBe(202);
  await expect(alert).toHaveText(/Encoding failed: The file is not a video/, { timeout: 30_000 });
  // The form stays usable beside it.
  await expect(page.getByLabel("Title")).toHaveValue("Broken");
});
