import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInOwnerForFile, toast } from "./helpers/owner-flows";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { makeColourMaster } from "../test/helpers/video-masters";

/*
 * docs/spec.md §2 As built: the Reel as an uploaded video (a master set in the settings form,
 * encoded, played on /reel by the uploaded-video player over its poster), and the look's live preview in the settings
 * form (pairings in their own fonts, a miniature gallery and project page following the unsaved
 * accent, width and titles), which every page wears at once after Save.
 */
signInOwnerForFile("reel-and-look");

/** The master's third second, picked as its poster. */
const POSTER_RGB: [number, number, number] = [0, 0, 255];

type Settings = Record<string, string> & { socials: Record<string, string> };

/** PUT /api/settings with the current text fields and `extra`. */
async function putSettings(page: Page, extra: Record<string, string> = {}) {
  const current = (await (await page.request.get("/api/settings")).json()).data as Settings;
  const multipart: Record<string, string> = {
    ownerName: current.ownerName!,
    tagline: current.tagline!,
    biography: current.biography!,
    contactEmail: current.contactEmail!,
    showreelUrl: current.showreelUrl!,
    ...extra,
  };
  for (const [name, url] of Object.entries(current.socials)) multipart[`socials.${name}`] = url;
  const response = await page.request.put("/api/settings", {
    multipart,
    headers: { Origin: String(test.info().project.use.baseURL) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** The colour drawn at a point of an element, as a screenshot shows it. */
async function pixelAt(locator: Locator, x: number, y: number) {
  const shot = await locator.screenshot();
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const offset =
    (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) *
    info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) <= 12);

async function visitor(browser: Browser, width: number) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width, height: width < 500 ? 812 : 900 },
    ...(width < 500 ? { deviceScaleFactor: 2, hasTouch: true, isMobile: true } : {}),
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test("the owner uploads a Reel master; it is encoded; visitors see its poster and play it with a click or tap", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // An HEVC mp4, which Chromium does not play: the field uploads it at once, resumably.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reel-"));
  const master = makeColourMaster(dir, "reel.mp4", { hevc: true });
  const before = (await (await page.request.get("/api/settings")).json()).data as Settings;
  await page.goto("/dashboard");
  const form = page.getByRole("form", { name: "Site settings" });
  const showreel = form.getByRole("group", { name: "Showreel", exact: true });
  await showreel.getByRole("radio", { name: "An uploaded video" }).check();
  await expect(showreel.getByLabel("Showreel Vimeo URL")).toHaveCount(0);
  await showreel.getByLabel("Showreel video (MP4, MOV, WebM or MKV)").setInputFiles(master);
  // The browser reads the file while it sends it.
  await expect(showreel.getByText("Upload complete. Save to attach the video.")).toBeVisible({
    timeout: 60_000,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  // Its poster: the blue second, picked on the server's frames (Chromium shows no HEVC picture).
  const poster = showreel.getByRole("group", { name: "Showreel poster" });
  const slider = poster.getByLabel("Poster frame");
  await expect(slider).toBeEnabled();
  await slider.fill("2.5");
  await expect(poster.getByText(/^Poster: the chosen frame \(/)).toHaveText(
    "Poster: the chosen frame (2.5 s)",
  );
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toHaveText(/Settings saved successfully!/);
  await expect(showreel.getByText("Current showreel video:")).toBeVisible();
  // The master as uploaded, which the owner's form links to.
  const reelUrl = (await showreel
    .getByText("Current showreel video:")
    .getByRole("link")
    .getAttribute("href"))!;
  // Its encoding shows in the form, live, until every screen size has its rendition (a short
  // encode may be over before the line is drawn).
  const reelStatus = async () =>
    ((await (await page.request.get("/api/settings")).json()).data as Settings).showreelVideoStatus;
  const line = showreel.getByText(
    /^(The video is waiting to be encoded|Encoding the video: \d+ %)\. The page shows the video's poster meanwhile; you can go on editing\.$/,
  );
  await expect
    .poll(async () => (await line.isVisible()) || (await reelStatus()) === "ready")
    .toBe(true);
  await expect.poll(reelStatus, { timeout: 60_000 }).toBe("ready");
  await expect(line).toBeHidden();
  try {
    for (const width of [375, 1440]) {
      const guest = await visitor(browser, width);
      try {
        const reel = guest.page;
        await reel.goto("/reel");
        const name = /^Play Showreel of .+ \(video\)$/;
        const play = reel.getByRole("button", { name });
        const video = reel.locator("video");
        await expect(video).not.toHaveAttribute("controls");
        const still = reel.getByTestId("player-poster");
        await expect(still).toHaveAttribute("loading", "eager");
        await expect(still).toHaveAttribute("fetchpriority", "high");
        await expect
          .poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        // The poster shows, beside the play control in the middle of the picture.
        expect(near(await pixelAt(play, 0.15, 0.5), POSTER_RGB), `${width} px`).toBe(true);
        if (width === 1440) await expectNoAxeViolations(reel);
        else await expectNoHorizontalOverflow(reel, "/reel at 375 px");
        // A click or tap on the picture, away from the disc, plays it with its own controls.
        if (width < 500) await play.tap({ position: { x: 20, y: 20 } });
        else await play.click({ position: { x: 20, y: 20 } });
        await expect
          .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused))
          .toBe(true);
        // It plays the H.264 rendition, never the HEVC master.
        expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).not.toBe(
          new URL(reelUrl, page.url()).href,
        );
        await expect(video).toHaveAttribute("controls", "");
        await expect(still).toBeHidden();
      } finally {
        await guest.close();
      }
    }
  } finally {
    await putSettings(page, {
      showreelUrl: before.showreelUrl!,
      removeShowreelVideo: "true",
      removeShowreelPoster: "true",
    });
  }
  await page.goto("/reel");
  await expect(page.locator("video")).toHaveCount(0);
});

/** A computed style property of the first element `locator` matches. */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

test.describe("the look's live preview", () => {
  test.afterEach(async ({ page }) => {
    await putSettings(page, {
      cardTitles: "hover",
      typePairing: "inter",
      accentColor: "#c2410c",
      contentWidth: "standard",
    });
  });

  test("previews pairing, accent, width and titles before Save; every page wears them after", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/dashboard");
    const form = page.getByRole("form", { name: "Site settings" });
    const appearance = form.getByRole("group", { name: "Appearance" });
    const gallery = form.getByTestId("preview-gallery");
    const project = form.getByTestId("preview-project");

    // Each pairing's name in its own heading and text fonts.
    for (const [pairing, heading, text] of [
      ["inter", "Inter Latin Ext", "Inter Latin Ext"],
      ["editorial", "Fraunces Latin Ext", "Source Sans 3 Latin Ext"],
      ["grotesk", "Space Grotesk Latin Ext", "DM Sans Latin Ext"],
      ["classic", "Playfair Display Latin Ext", "Lora Latin Ext"],
    ] as const) {
      const sample = appearance.getByTestId(`pairing-sample-${pairing}`);
      expect(await styleOf(sample.locator("span").first(), "font-family")).toMatch(
        new RegExp(`^"${heading}"`),
      );
      expect(await styleOf(sample, "font-family")).toMatch(new RegExp(`^"${text}"`));
    }

    // Today's look in the miniatures.
    const pill = gallery.getByText("All", { exact: true });
    await expect(pill).toHaveCSS("background-color", rgb("#c2410c"));
    await expect(gallery.locator(".card-caption").first()).toHaveCSS("opacity", "0");
    const column = project.locator("article");
    expect(await column.evaluate((element: HTMLElement) => element.offsetWidth)).toBe(72 * 16);

    // Changed in the form, not saved: the miniatures follow at once.
    await appearance.getByRole("radio", { name: "Playfair Display headings, Lora text" }).check();
    await appearance.getByLabel("Accent colour", { exact: true }).fill("#1d4ed8");
    await appearance
      .getByRole("group", { name: "Content width" })
      .getByRole("radio", { name: "Full window width" })
      .check();
    await appearance
      .getByRole("group", { name: "Project titles in the gallery" })
      .getByRole("radio", { name: "Always", exact: true })
      .check();
    await expect(pill).toHaveCSS("background-color", rgb("#1d4ed8"));
    await expect(project.getByText("making-of notes")).toHaveCSS("color", rgb("#1d4ed8"));
    expect(await styleOf(project.locator("h1"), "font-family")).toMatch(
      /^"Playfair Display Latin Ext"/,
    );
    expect(await styleOf(project.locator("p").last(), "font-family")).toMatch(/^"Lora Latin Ext"/);
    expect(await column.evaluate((element: HTMLElement) => element.offsetWidth)).toBe(1440);
    await expect(gallery.locator(".card-caption").first()).toHaveCSS("opacity", "1");

    // Not yet on the site: a visitor still sees the saved accent.
    const guest = await visitor(browser, 1440);
    try {
      await guest.page.goto("/");
      const active = guest.page
        .getByRole("navigation", { name: "Categories" })
        .locator("[aria-current=page]");
      await expect(active).toHaveCSS("background-color", rgb("#c2410c"));
      await expectNoAxeViolations(page);

      await form.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page)).toHaveText(/Settings saved successfully!/);
      // The owner's own pages wear the saved look at once: the dashboard, then another page.
      const theme = page.locator(".site-theme").first();
      await expect.poll(() => styleOf(theme, "--color-accent")).toBe("#1d4ed8");
      await expect(theme).toHaveAttribute("data-type-pairing", "classic");
      await page.goto("/trash");
      await expect
        .poll(() => styleOf(page.locator(".site-theme").first(), "--color-accent"))
        .toBe("#1d4ed8");
      expect(await styleOf(page.locator("h1"), "font-family")).toMatch(
        /^"Playfair Display Latin Ext"/,
      );
      // And the visitor's next page.
      await guest.page.reload();
      await expect(active).toHaveCSS("background-color", rgb("#1d4ed8"));
      expect(await styleOf(guest.page.locator("h1").first(), "font-family")).toMatch(
        /^"Playfair Display Latin Ext"/,
      );
    } finally {
      await guest.close();
    }
  });

  test("fits a phone: the miniatures scale to the column, nothing overflows", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.scrollIntoViewIfNeeded();
    await expect(preview.getByTestId("preview-gallery")).toBeVisible();
    await expectNoHorizontalOverflow(page, "the dashboard at 375 px");
    // Scaled once the form has hydrated: the 1440 px window drawn as wide as the column.
    const region = (await preview.boundingBox())!;
    await expect
      .poll(async () => (await preview.getByTestId("preview-gallery").boundingBox())!.width)
      .toBeLessThanOrEqual(region.width + 1);
    await expectNoHorizontalOverflow(page, "the dashboard at 375 px, the preview scaled");
  });
});
