import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { makeColourMaster } from "../test/helpers/video-masters";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";

/**
 * docs/media.md "Poster and trim": in the section form the owner picks the poster frame and the
 * loop's in and out points on the uploaded file, with a preview playing only the trimmed part;
 * the visitor's page then shows that frame as the poster and a loop of that length.
 */
signInOwnerForFile("video-poster-trim");

type SectionData = {
  _id: string;
  title: string;
  videoStatus: string;
  poster: string;
  posterTime: number | null;
  trimStart: number | null;
  trimEnd: number | null;
};

let project: CreatedProject;
const masters = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-poster-trim-"));

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Loop"),
    category: "Motion Design",
  });
});
test.afterEach(async ({ page }) => deleteProjectViaApi(page, project.id));
test.afterAll(() => fs.rmSync(masters, { recursive: true, force: true }));

test("the owner picks a poster frame and trims a loop; the visitor sees that poster and loop", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Red, green, blue: a second each.
  const master = makeColourMaster(masters, "colours.mp4");
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("Trimmed");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(master);
  await page.getByLabel("Silent loop (muted, plays while in view)").check();

  // The poster: the frame at 2.5 s (blue).
  const posterSlider = page.getByLabel("Poster frame");
  await expect(posterSlider).toBeEnabled();
  await posterSlider.fill("2.5");
  await expect(page.getByText(/^Poster: the chosen frame \(/)).toHaveText(
    "Poster: the chosen frame (2.5 s)",
  );

  // The loop: in at 1 s with the keyboard from 0.92 s, out at 2 s (the green second).
  const loopIn = page.getByLabel("Loop in");
  const loopOut = page.getByLabel("Loop out");
  await expect(loopIn).toBeEnabled();
  await expect(page.getByText(/^Loop: /)).toHaveText(
    "Loop: 0.00 s to 3.00 s (3.00 s, the default)",
  );
  await loopIn.fill("0.92");
  await loopIn.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(loopIn).toHaveAttribute("aria-valuetext", "1.00 seconds");
  await loopOut.fill("2");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 1.00 s to 2.00 s (1.00 s)");
  // The preview plays only the trimmed part, again and again: back to the in point within a few
  // animation frames of the out point (a loaded machine draws fewer), never on to the end.
  const preview = page.getByTestId("loop-preview");
  const times: number[] = [];
  await expect
    .poll(async () => {
      times.push(await preview.evaluate((video: HTMLVideoElement) => video.currentTime));
      return times.length;
    })
    .toBeGreaterThan(8);
  expect(Math.min(...times)).toBeGreaterThanOrEqual(0.96);
  expect(Math.max(...times)).toBeLessThanOrEqual(2.3);
  await page.getByRole("button", { name: "Pause the loop preview" }).click();
  await expect(page.getByRole("button", { name: "Play the loop preview" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));
  let section: SectionData | undefined;
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/sections/${project.id}`);
        section = ((await list.json()) as { data: SectionData[] }).data.find(
          (item) => item.title === "Trimmed",
        );
        return section?.videoStatus;
      },
      { timeout: 120_000 },
    )
    .toBe("ready");
  expect(section).toMatchObject({ trimStart: 1, trimEnd: 2 });
  // The time of the frame the browser showed for 2.5 s (its frames start every 40 ms).
  expect(Math.abs(section!.posterTime! - 2.5)).toBeLessThanOrEqual(0.04);

  // The visitor's page: the chosen frame (blue) as the poster, and a loop of 1 s.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    reducedMotion: "no-preference",
  });
  const visitor = await context.newPage();
  await visitor.goto(`/sections/${project.id}`);
  const video = visitor.locator('video[data-playback="loop"]');
  await expect(video).toHaveAttribute(
    "poster",
    new RegExp(`url=${encodeURIComponent(section!.poster)}&`),
  );
  const poster = await visitor.request.get(section!.poster);
  const { channels } = await sharp(await poster.body()).stats();
  expect(channels.slice(0, 3).map((channel) => Math.round(channel.mean / 64))).toEqual([0, 0, 4]);
  await video.scrollIntoViewIfNeeded();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration || 0))
    .toBeGreaterThan(0);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(Math.abs(duration - 1)).toBeLessThanOrEqual(0.04);
  await context.close();
});
