import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";
import { expectStillSizedForScreen } from "./helpers/images";
import { waitForHydration } from "./helpers/browser";
import { makeMaster } from "../test/helpers/video-masters";
import {
  expectImagesDecoded,
  expectNoHorizontalOverflow,
  expectWithinWidth,
} from "./helpers/layout";

/**
 * docs/spec.md §2: an uploaded video set to "loop" plays muted, looping and inline, without
 * controls, only when in view, never by itself under reduced motion, and fetches no video bytes
 * before it is near; the section form captures a poster from a chosen frame.
 */
signInOwnerForFile("motion-video");

const CLIP = fs.readFileSync(path.join(__dirname, "fixtures", "clip.mp4"));
const LOOP_TITLE = "Loop of the title card";
let project: CreatedProject;
const clipFile = { name: "clip.mp4", mimeType: "video/mp4", buffer: CLIP };
/**
 * The poster sent with a video, as the owner's forms always send one (a video sent without one
 * would get its own frame once its encode starts, mid-test): a 1280×720 PNG.
 */
let posterFile: { name: string; mimeType: string; buffer: Buffer };

test.beforeAll(async () => {
  const still = { width: 1280, height: 720, channels: 3 as const, background: "#cfc8bd" };
  posterFile = {
    name: "poster.png",
    mimeType: "image/png",
    buffer: await sharp({ create: still }).png().toBuffer(),
  };
});

async function addSectionViaApi(
  page: Page,
  fields: Record<string, string | typeof clipFile | typeof posterFile>,
) {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: origin },
    multipart: fields,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { video: string; poster: string } }).data;
}

const loopVideo = (page: Page) => page.locator('video[data-playback="loop"]');

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Motion"),
    category: "Motion Design",
  });
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});

test.describe("a loop video on the project page", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  let videoUrl: string;
  test.beforeEach(async ({ page }) => {
    // A tall text section first, so the loop starts well over one viewport below the fold.
    await addSectionViaApi(page, {
      title: "Notes",
      description: Array.from({ length: 120 }, (_, i) => `Line ${i + 1}`).join("\n"),
    });
    ({ video: videoUrl } = await addSectionViaApi(page, {
      title: LOOP_TITLE,
      video: clipFile,
      poster: posterFile,
      playback: "loop",
    }));
  });

  test("is muted, looping, inline, with a poster and no controls; no bytes before it is near, then plays in view", async ({
    page,
  }) => {
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(videoUrl)) videoRequests.push(request.url());
    });
    await page.goto(`/sections/${project.id}`);
    const video = loopVideo(page);
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute("loop", "");
    await expect(video).toHaveAttribute("playsinline", "");
    await expect(video).toHaveAttribute("muted", "");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).not.toHaveAttribute("controls");
    // The poster is a lazy <img> under the video, drawn from the optimizer at the device's width.
    const still = page.getByTestId("loop-poster");
    await expect(still).toHaveAttribute("loading", "lazy");
    await expect(still).toHaveAttribute("alt", "");
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(await video.getAttribute("src")).toBeNull();
    expect(videoRequests).toEqual([]);

    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute("src", videoUrl);
    // Sharp and not oversized; once loaded, it is the video's own poster too (the same file: no
    // second fetch).
    const loaded = await expectStillSizedForScreen(still);
    await expect(video).toHaveAttribute("poster", loaded);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
      .toBe(true);
    expect(videoRequests.length).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: `Pause ${LOOP_TITLE} (video)` })).toBeVisible();
    await expectWithinWidth(video, "the loop video");

    // Out of view it pauses.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused))
      .toBe(true);
  });

  test("never starts by itself under reduced motion: the poster shows with a play button", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`/sections/${project.id}`);
    const video = loopVideo(page);
    await video.scrollIntoViewIfNeeded();
    const play = page.getByRole("button", { name: `Play ${LOOP_TITLE} (video)` });
    await expect(play).toBeVisible();
    await page.waitForTimeout(1500);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expect(video).toHaveAttribute("poster", /%2Fmedia%2F[0-9a-f]{32}\.png&w=/);
    await expect(page.getByTestId("loop-poster")).toBeVisible();
    await expectImagesDecoded(page.getByTestId("loop-poster"));

    // The visitor may still choose to play it, with the keyboard too.
    await play.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
      .toBe(true);
    await expect(page.getByRole("button", { name: `Pause ${LOOP_TITLE} (video)` })).toBeFocused();
  });

  /*
   * The loop's code is a chunk of its own (components/sections/lazy-videos.tsx) that hydrates the
   * server's <video> whenever it arrives. Here it arrives 1.5 s late, after the rest of the page
   * hydrated and the sign-in state was read: the video must be the server's element still, never
   * taken down and drawn again by the browser.
   */
  for (const who of ["the signed-in owner", "a visitor"] as const) {
    test(`keeps the server's video when its code arrives after the page hydrated, for ${who}`, async ({
      page,
      browser,
    }) => {
      const visitor = who === "a visitor" ? await browser.newContext() : null;
      const tab = visitor ? await visitor.newPage() : page;
      const url = `${test.info().project.use.baseURL}/sections/${project.id}`;
      const html = await (await tab.request.get(url)).text();
      const inHtml = new Set(
        [...html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+?\.js/g)].map(([chunk]) => chunk),
      );
      const late: string[] = [];
      await tab.route("**/_next/static/chunks/**", async (route) => {
        const chunk = new URL(route.request().url()).pathname;
        if (!inHtml.has(chunk)) {
          late.push(chunk);
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
        await route.continue();
      });
      await tab.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedVideos: string[] }).removedVideos = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element && (node.matches("video") || node.querySelector("video")))
                removed.push(node.outerHTML.slice(0, 80));
        }).observe(document, { childList: true, subtree: true });
      });

      await tab.goto(url);
      const video = loopVideo(tab);
      await video.scrollIntoViewIfNeeded();
      // It plays in view: its code is in and hydrated it.
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
        .toBe(true);
      expect(late.length).toBeGreaterThan(0);
      expect(
        await tab.evaluate(() => (window as unknown as { removedVideos: string[] }).removedVideos),
      ).toEqual([]);
      await visitor?.close();
    });
  }
});

type Box = { x: number; y: number; width: number; height: number };

test.describe("a video with controls and a poster", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("shows its poster whole with a play control, plays on a click anywhere on it or on Enter, then hands over to its controls", async ({
    page,
  }) => {
    // Below a tall text section, so the still is not the page's first content.
    await addSectionViaApi(page, {
      title: "Notes",
      description: Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`).join("\n"),
    });
    const { poster } = await addSectionViaApi(page, {
      title: "Player",
      video: clipFile,
      poster: posterFile,
    });
    expect(poster).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const rawPosterRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === poster) rawPosterRequests.push(request.url());
    });
    await page.goto(`/sections/${project.id}`);
    const video = page.locator("video");
    await expect(video).toHaveCount(1);
    // No `poster` attribute: it would load the stored full-size file at once, on every screen.
    await expect(video).not.toHaveAttribute("poster");
    await expect(video).toHaveAttribute("preload", "none");
    // No native controls over the still until it plays: no grey bar across the picture.
    await expect(video).not.toHaveAttribute("controls");
    const still = page.getByTestId("player-poster");
    await expect(still).toHaveAttribute("loading", "lazy");
    await expect(still).toHaveAttribute("alt", "");
    const play = page.getByRole("button", { name: "Play Player (video)" });

    await video.scrollIntoViewIfNeeded();
    await expectStillSizedForScreen(still);
    expect(rawPosterRequests).toEqual([]);
    // The still fills the video's box and is drawn on top of it, decoded; the play control
    // covers the whole picture. The three boxes are read in one frame: the page may still settle
    // (scroll anchoring) between separate reads.
    const [videoBox, stillBox, playBox] = (await page.evaluate(() =>
      ["video", "[data-testid=player-poster]", "button[aria-label='Play Player (video)']"].map(
        (selector) => {
          const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
          return { x, y, width, height };
        },
      ),
    )) as [Box, Box, Box];
    expect(stillBox).toEqual(videoBox);
    expect(playBox).toEqual(videoBox);
    await expect(still).toBeVisible();
    await expect
      .poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.getAttribute("aria-label"),
      [videoBox.x + videoBox.width / 2, videoBox.y + videoBox.height / 2],
    );
    expect(topmost).toBe("Play Player (video)");

    // A click near a corner of the picture, nowhere near the disc, plays it.
    await play.click({ position: { x: 30, y: 30 } });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
      .toBe(true);
    await expect(video).toHaveAttribute("controls", "");
    await expect(still).toBeHidden();
    await expect(play).toHaveCount(0);
    await expect(video).toBeFocused();

    // From the keyboard: the play control is a button, so Enter starts it too.
    await page.reload();
    // Before hydration the control is inert (the page's script starts the video).
    await waitForHydration(page.getByRole("button", { name: "Play Player (video)" }));
    await page.getByRole("button", { name: "Play Player (video)" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("video").evaluate((element: HTMLVideoElement) => !element.paused))
      .toBe(true);
    await expect(page.locator("video")).toHaveAttribute("controls", "");
  });
});

test("a loop video that opens the page has its poster in the page's HTML, loaded first", async ({
  page,
}) => {
  await addSectionViaApi(page, {
    title: LOOP_TITLE,
    video: clipFile,
    poster: posterFile,
    playback: "loop",
  });
  const response = await page.request.get(`/sections/${project.id}`);
  const html = await response.text();
  // Preloaded at high priority in the head, and the <img> itself eager: it is the largest paint.
  const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toContain('fetchPriority="high"');
  expect(preloads[0]).toMatch(/imageSrcSet="[^"]*%2Fmedia%2F[0-9a-f]{32}\.png/);
  await page.goto(`/sections/${project.id}`);
  const still = page.getByTestId("loop-poster");
  await expect(still).toHaveAttribute("loading", "eager");
  await expect(still).toHaveAttribute("fetchpriority", "high");
  await expect(loopVideo(page)).toHaveAttribute("poster", /%2Fmedia%2F[0-9a-f]{32}\.png&w=/);
});

test("the section form captures a poster from the frame chosen with the Poster frame slider", async ({
  page,
}) => {
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("Captured");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(clipFile);
  await page.getByLabel("Silent loop (muted, plays while in view)").check();
  const slider = page.getByLabel("Poster frame");
  await expect(slider).toBeEnabled();
  await expect(page.getByText(/^Poster: the chosen frame \(/)).toBeVisible();
  const at = Number(await slider.getAttribute("max")) * 0.75;
  await slider.fill(String(at));
  await expect(page.getByText(/^Poster: the chosen frame \(/)).toHaveText(
    `Poster: the chosen frame (${at.toFixed(1)} s)`,
  );
  // The frame is previewed once, in the frame picker: no second picture of it.
  await expect(page.getByAltText("Poster preview")).toHaveCount(0);
  await expectNoHorizontalOverflow(page, "the section form");

  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));

  // A JPEG: the captured frame (a generated still would be a PNG), on a loop video.
  const video = loopVideo(page);
  await expect(video).toHaveAttribute("poster", /url=%2Fmedia%2F[0-9a-f]{32}\.jpg&/);
  const stored = /url=%2Fmedia%2F([0-9a-f]{32})\.jpg&/.exec((await video.getAttribute("poster"))!)!;
  const poster = await page.request.get(`/media/${stored[1]}.jpg`);
  expect(poster.headers()["content-type"]).toBe("image/jpeg");
  expect((await poster.body()).length).toBeGreaterThan(1000);
});

test.describe("a vertical film", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("keeps its shape as a loop (uncropped) and as a player (no side bars): at most 85 % of the window tall, centred", async ({
    page,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vertical-"));
    try {
      const file = makeMaster(dir, "story.mp4", { width: 360, height: 640, seconds: 1 });
      const story = { name: "story.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(file) };
      await addSectionViaApi(page, { title: "Story loop", video: story, playback: "loop" });
      await addSectionViaApi(page, { title: "Story player", video: story });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await page.goto(`/sections/${project.id}`);
    await expect(page.locator("video")).toHaveCount(2);
    const boxes = await page.locator("video").evaluateAll((videos) =>
      videos.map((video) => {
        const box = video.parentElement!.getBoundingClientRect();
        const column = video.closest("section")!.getBoundingClientRect();
        return {
          ratio: box.width / box.height,
          height: box.height,
          offCentre: Math.abs(box.left + box.width / 2 - (column.left + column.width / 2)),
          fit: getComputedStyle(video).objectFit,
        };
      }),
    );
    for (const box of boxes) {
      // 9:16, as tall as 85 % of the 900 px window allows (765 px), centred in the column.
      expect(box.ratio).toBeCloseTo(360 / 640, 2);
      expect(Math.abs(box.height - 765)).toBeLessThan(1);
      expect(box.offCentre).toBeLessThan(1);
    }
    // The loop covers a box of its own shape (nothing cut off); the player fits its own.
    expect(boxes.map((box) => box.fit)).toEqual(["cover", "contain"]);
  });
});
