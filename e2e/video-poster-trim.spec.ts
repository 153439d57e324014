import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { makeColourMaster, makeMaster } from "../test/helpers/video-masters";
import {
  type CreatedProject,
  createProjectViaApi,
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";

/**
 * docs/media.md "Poster and trim": in the section form the owner picks the poster frame and the
 * loop's in and out points on the uploaded file, with a preview playing only the trimmed part;
 * the visitor's page then shows that frame as the poster and a loop of that length. A master the
 * browser cannot decode (ProRes) and the stored video are shown with the server's frames.
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

/**
 * The colours of a shown image at points given as fractions of its width and height: red, lime or
 * blue, or grey when no channel stands out (a frame the browser could not decode).
 */
async function coloursOf(image: Locator, points: [number, number][]): Promise<string[]> {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement, at) => {
    const canvas = document.createElement("canvas");
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(element, 0, 0);
    return at.map(([x, y]) => {
      const [r = 0, g = 0, b = 0] = context.getImageData(
        Math.floor(x * canvas.width),
        Math.floor(y * canvas.height),
        1,
        1,
      ).data;
      if (Math.max(r, g, b) - Math.min(r, g, b) < 120) return "grey";
      return ["red", "lime", "blue"][[r, g, b].indexOf(Math.max(r, g, b))]!;
    });
  }, points);
}

/**
 * The middles of a strip's thumbnails (tile i is the frame at (i + 0.5) tenths of the video), and
 * what they show of a red, green, blue master (a second each). The seventh, at 1.95 s of a 3 s
 * video, is left out: an AAC track makes an mp4 3.02 s long, and its frame is then the blue one.
 */
const TILES = [0, 1, 2, 3, 4, 5, 7, 8, 9].map((i): [number, number] => [(i + 0.5) / 10, 0.5]);
const RGB_STRIP = [...Array(3).fill("red"), ...Array(3).fill("lime"), ...Array(3).fill("blue")];

/** The picker's `count` thumbnail strips, the first showing the red, green, blue master's frames. */
async function expectRgbStrips(page: Page, count: number) {
  const strips = page.getByTestId("frame-strip");
  await expect(strips).toHaveCount(count);
  expect(await coloursOf(strips.first(), TILES)).toEqual(RGB_STRIP);
}

/** Moves the Poster frame slider to `seconds`; the picker names the frame chosen. */
async function pickPosterAt(page: Page, seconds: string) {
  const slider = page.getByLabel("Poster frame");
  await expect(slider).toBeEnabled();
  await slider.fill(seconds);
  await expect(page.getByText(/^Poster: the chosen frame \(/)).toHaveText(
    `Poster: the chosen frame (${seconds} s)`,
  );
}

/** Polls the project's section titled `title` until its video is ready; answers it. */
async function readySection(
  page: Page,
  title: string,
  ready: (section: SectionData) => boolean = () => true,
) {
  let section: SectionData | undefined;
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/sections/${project.id}`);
        section = ((await list.json()) as { data: SectionData[] }).data.find(
          (item) => item.title === title,
        );
        return section?.videoStatus === "ready" && ready(section);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return section!;
}

/** The colours of the middle of a stored poster, as the visitor's browser would fetch it. */
async function posterColour(page: Page, poster: string) {
  const { channels } = await sharp(await (await page.request.get(poster)).body()).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean / 64));
}

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
  await pickPosterAt(page, "2.5");

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

test("a ProRes master is picked on the server's frames; the visitor sees the chosen frame", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Red, green, blue, a second each, in ProRes 422: Chromium shows no picture of it.
  const master = makeColourMaster(masters, "colours.mov", { prores: true });
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("ProRes");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(master);
  await page.getByLabel("Silent loop (muted, plays while in view)").check();
  await expect(page.getByText("Upload complete. Save to attach the video.")).toBeVisible({
    timeout: 60_000,
  });

  // Thumbnails along the poster slider and both loop sliders: real frames, not grey.
  await expectRgbStrips(page, 3);
  // Until a frame is chosen, the form says which the encoder takes.
  const byDefault = page.getByText(
    "Poster: the video's first picture that is not black, unless you choose a frame.",
  );
  await expect(byDefault).toBeVisible();

  await pickPosterAt(page, "2.5");
  await expect(byDefault).toHaveCount(0);
  // The server's frame at the slider's time (its steps are hundredths of the video: 2.49 s).
  const frame = page.getByTestId("poster-frame");
  await expect(frame).toHaveAttribute("alt", /^Frame at 2\.(49|5\d) s$/);
  expect(await coloursOf(frame, [[0.5, 0.5]])).toEqual(["blue"]);

  // The loop: the green second; the preview steps through its frames, all green.
  await page.getByLabel("Loop in").fill("1");
  await page.getByLabel("Loop out").fill("2");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 1.00 s to 2.00 s (1.00 s)");
  const step = page.getByTestId("loop-preview-frame");
  const stepTime = async () =>
    Number(/at ([\d.]+) s$/.exec((await step.getAttribute("alt")) ?? "")?.[1]);
  const seen = new Map<number, string>();
  await expect
    .poll(
      async () => {
        const at = await stepTime();
        if (at >= 1 && at < 2 && !seen.has(at))
          seen.set(at, (await coloursOf(step, [[0.5, 0.5]]))[0]!);
        return seen.size;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(3);
  expect(new Set(seen.values())).toEqual(new Set(["lime"]));
  // From then on it stays within the loop.
  for (let sample = 0; sample < 4; sample++) {
    const at = await stepTime();
    expect(at >= 1 && at < 2, `a frame at ${at} s`).toBe(true);
    await page.waitForTimeout(300);
  }
  await page.getByRole("button", { name: "Pause the loop preview" }).click();
  expect((await new AxeBuilder({ page }).include("form").analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));
  const section = await readySection(page, "ProRes");
  expect(section).toMatchObject({ trimStart: 1, trimEnd: 2 });
  expect(Math.abs(section.posterTime! - 2.5)).toBeLessThanOrEqual(0.04);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(`/sections/${project.id}`);
  await expect(visitor.locator('video[data-playback="loop"]')).toHaveAttribute(
    "poster",
    new RegExp(`url=${encodeURIComponent(section.poster)}&`),
  );
  expect(await posterColour(visitor, section.poster)).toEqual([0, 0, 4]);
  await context.close();
});

test("a small HEVC mp4 goes to the server before saving: the pickers show its frames, fetched once", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Red, green, blue in HEVC: small enough for the form's 50 MB rule, but Chromium shows no picture.
  const master = makeColourMaster(masters, "colours-hevc.mp4", { hevc: true });
  const strips: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/uploads\/[0-9a-f]{32}\/frames$/.test(request.url())) strips.push(request.url());
  });
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("HEVC");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(master);
  await page.getByLabel("Silent loop (muted, plays while in view)").check();
  // Not sent with the form: uploaded at once, as a master is.
  await expect(page.getByText("Upload complete. Save to attach the video.")).toBeVisible({
    timeout: 60_000,
  });
  // The poster's and both loop sliders' thumbnails, from one strip the server made.
  await expectRgbStrips(page, 3);
  expect(strips).toHaveLength(1);

  await pickPosterAt(page, "2.5");
  const frame = page.getByTestId("poster-frame");
  await expect(frame).toHaveAttribute("alt", /^Frame at 2\.(49|5\d) s$/);
  expect(await coloursOf(frame, [[0.5, 0.5]])).toEqual(["blue"]);
  await page.getByLabel("Loop in").fill("1");
  await page.getByLabel("Loop out").fill("2");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 1.00 s to 2.00 s (1.00 s)");
  await expect(page.getByTestId("loop-preview-frame")).toHaveAttribute("alt", /at 1\.\d+ s$/);
  expect(await coloursOf(page.getByTestId("loop-preview-frame"), [[0.5, 0.5]])).toEqual(["lime"]);

  // A longer encode is queued first, so the visitor's page is read while this video waits.
  const origin = { Origin: String(test.info().project.use.baseURL) };
  const held = await page.request.post(`/api/sections/${project.id}`, {
    headers: origin,
    multipart: {
      title: "Held",
      video: {
        name: "held.mp4",
        mimeType: "video/mp4",
        buffer: fs.readFileSync(
          makeMaster(masters, "held.mp4", { width: 1920, height: 1080, seconds: 6 }),
        ),
      },
    },
  });
  expect(held.status()).toBe(201);
  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.goto(`/sections/${project.id}`);
  // Until it is encoded the HEVC file (sound under a black picture in Chromium) is not played:
  // the section shows its poster where the video will be.
  const waiting = visitor.getByTestId("project-section").filter({ hasText: "HEVC" });
  await expect(waiting.getByTestId("encoding-poster")).toBeVisible();
  await expect(waiting.locator("video")).toHaveCount(0);
  const list = await page.request.get(`/api/sections/${project.id}`);
  const hevc = ((await list.json()) as { data: SectionData[] }).data.find(
    (s) => s.title === "HEVC",
  );
  expect(hevc?.videoStatus).toBe("processing");
  // The owner's Edit Section page says so.
  await page.goto(`/editsectionpage/${hevc!._id}`);
  await expect(page.getByRole("status").filter({ hasText: "you can go on editing" })).toContainText(
    "The page shows the video's poster meanwhile; you can go on editing.",
  );
  const heldId = ((await held.json()) as { data: SectionData }).data._id;
  const removed = await page.request.put(`/api/sections/${heldId}`, {
    headers: origin,
    multipart: { removeVideo: "true" },
  });
  expect(removed.status()).toBe(200);

  const section = await readySection(page, "HEVC");
  expect(section).toMatchObject({ trimStart: 1, trimEnd: 2 });
  expect(Math.abs(section.posterTime! - 2.5)).toBeLessThanOrEqual(0.04);

  // Encoded: the loop plays its rendition, the chosen frame (blue) its poster.
  await visitor.reload();
  await expect(visitor.locator('video[data-playback="loop"]')).toHaveAttribute(
    "poster",
    new RegExp(`url=${encodeURIComponent(section.poster)}&`),
  );
  expect(await posterColour(visitor, section.poster)).toEqual([0, 0, 4]);
  await expect(waiting.getByTestId("encoding-poster")).toHaveCount(0);
  await context.close();
});

test("the edit form picks a new poster frame and loop of the stored video", async ({ page }) => {
  test.setTimeout(150_000);
  const master = makeColourMaster(masters, "stored.mp4");
  const created = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: String(test.info().project.use.baseURL) },
    multipart: {
      title: "Stored",
      playback: "loop",
      video: { name: "stored.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(master) },
    },
  });
  expect(created.status()).toBe(201);
  const before = await readySection(page, "Stored");

  // The stored loop plays its first 3 s; the picker shows the uploaded file's frames.
  await page.goto(`/editsectionpage/${before._id}`);
  await expectRgbStrips(page, 3);
  await pickPosterAt(page, "0.5");
  await page.getByLabel("Loop in").fill("1");
  await page.getByLabel("Loop out").fill("2");
  await expect(page.getByText(/^Loop: /)).toHaveText("Loop: 1.00 s to 2.00 s (1.00 s)");
  expect((await new AxeBuilder({ page }).include("form").analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toBeVisible();

  // Encoded again from the stored file: the poster is the red frame at 0.5 s, the loop 1 s to 2 s.
  const after = await readySection(page, "Stored", (section) => section.poster !== before.poster);
  expect(Math.abs(after.posterTime! - 0.5)).toBeLessThanOrEqual(0.04);
  expect(after).toMatchObject({ trimStart: 1, trimEnd: 2 });
  expect(await posterColour(page, after.poster)).toEqual([4, 0, 0]);
});

test("a ProRes master chosen as a cover loop shows the server's frames along its in and out points", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const master = makeColourMaster(masters, "cover.mov", { prores: true });
  await openOwnerPage(page, "/addproject");
  await page.getByLabel("Cover loop (MP4, MOV, WebM or MKV)").setInputFiles(master);
  await expect(page.getByText("Upload complete. Save to attach the video.")).toBeVisible({
    timeout: 60_000,
  });
  await expectRgbStrips(page, 2);
  await expect(page.getByText(/^Loop: /)).toHaveText(
    "Loop: 0.00 s to 3.00 s (3.00 s, the default)",
  );
});
