import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers/browser";
import { makePng } from "./helpers/owner-media";
import { makeMaster } from "../test/helpers/video-masters";
import {
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";

/**
 * docs/spec.md §13: the owner makes a review link of a draft in the back office; a reviewer on a
 * phone-sized screen, in a browser of their own, comments at 0:03 of its video; the owner sees the
 * comment's marker on the timeline and replies, and the reviewer reads the reply.
 */
signInOwnerForFile("review-links");

/** A vertical cut (360 × 640, 4 s, H.264 with sound): 0:03 is inside it. */
let cut: Buffer;
test.beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "review-cut-"));
  try {
    cut = fs.readFileSync(makeMaster(dir, "cut.mp4", { width: 360, height: 640, seconds: 4 }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

let project: CreatedProject;

/** The reviewer: no session, a phone (its User-Agent and touch) at 375 px. */
const phoneReviewer = (browser: Browser) =>
  browser.newContext({
    ...devices["Pixel 5"],
    storageState: { cookies: [], origins: [] },
    viewport: { width: 375, height: 740 },
  });

/** The texts of the scripts `page` downloads from now on. */
function scriptsOf(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text());
  });
  return scripts;
}
/** Strings of the reviewer's code and of the point picker's (their chunks keep them). */
const REVIEWER_CODE = "review-name";
const PICKER_CODE = "No point yet";
const holding = async (scripts: Promise<string>[], marker: string) =>
  (await Promise.all(scripts)).some((text) => text.includes(marker));

test.beforeEach(async ({ page }) => {
  const origin = String(test.info().project.use.baseURL);
  const title = uniqueTitle("Review cut");
  const created = await page.request.post("/api/projects", {
    headers: { Origin: origin },
    multipart: {
      title,
      role: "Direction",
      category: "Motion Design",
      status: "draft",
      cover: {
        name: "cover.png",
        mimeType: "image/png",
        buffer: makePng({ width: 64, height: 48 }),
      },
    },
  });
  expect(created.status()).toBe(201);
  project = { id: ((await created.json()) as { data: { _id: string } }).data._id, title };
  const section = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: origin },
    multipart: {
      title: "Main cut",
      video: { name: "cut.mp4", mimeType: "video/mp4", buffer: cut },
    },
  });
  expect(section.status()).toBe(201);
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});

test("owner makes a link, a phone reviewer comments at 0:03, the owner sees the marker and replies", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Review links" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review links" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Acme — pitch, March");
  await page.getByRole("checkbox", { name: project.title }).check();
  await page.getByRole("button", { name: "Create link" }).click();
  await page.waitForURL(/\/review-links\/[0-9a-f]{24}$/);
  await expect(toast(page)).toContainText("Review link created");
  const url = (await page.getByTestId("review-url").textContent())!.trim();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectNoViolations(page);

  const reviewer = await phoneReviewer(browser);
  try {
    const phone = await reviewer.newPage();
    await phone.goto(new URL(url).pathname);
    await expect(phone.getByTestId("review-bar")).toHaveText(
      "Private review for Acme — pitch, March",
    );
    await expect(phone.getByRole("heading", { level: 1, name: project.title })).toBeVisible();
    const video = phone.locator("video");
    await video.first().evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < 1)
        await new Promise((resolve) =>
          element.addEventListener("loadedmetadata", resolve, { once: true }),
        );
      element.currentTime = 3;
      await new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    });
    // The cut in its own shape (9:16) under its poster, the timeline as wide as the video.
    const drawn = await video.first().evaluate((element: HTMLVideoElement) => {
      const box = element.parentElement!.getBoundingClientRect();
      const timeline = element.parentElement!.nextElementSibling!.getBoundingClientRect();
      return {
        ratio: box.width / box.height,
        widths: [box.width, timeline.width],
        poster: element.poster,
      };
    });
    expect(drawn.ratio).toBeCloseTo(360 / 640, 2);
    expect(drawn.widths[1]).toBeCloseTo(drawn.widths[0]!, 0);
    const poster = await phone.request.get(drawn.poster);
    expect(poster.status()).toBe(200);
    expect(poster.headers()["content-type"]).toMatch(/^image\//);
    await expectNoViolations(phone);
    // The work first: the form comes when asked for, on the first field to fill.
    await expect(phone.getByLabel("Your name")).toHaveCount(0);
    const addComment = phone.getByRole("button", { name: "Add a comment" });
    await waitForHydration(addComment);
    await addComment.click();
    await expect(phone.getByLabel("Your name")).toBeFocused();
    await phone.getByLabel("Your name").fill("Ann");
    await phone.getByLabel(/^Comment on/).click();
    await expect(phone.getByLabel("Comment at 0:03")).toBeFocused();
    expect(await video.first().evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await phone.getByLabel("Comment at 0:03").fill("Hold the <logo> a beat longer");
    await phone.getByRole("button", { name: "Post comment" }).click();
    const posted = phone.getByTestId("review-comment");
    await expect(posted).toContainText("Hold the <logo> a beat longer");
    await expect(posted.getByRole("button", { name: "Play from 0:03" })).toBeVisible();
    await expect(phone.getByTestId("review-marker")).toHaveCount(1);

    // The owner's page of the link: the marker on the video's timeline, then a reply.
    await page.reload();
    const marker = page.getByRole("button", { name: "Go to 0:03: comment by Ann" });
    await expect(marker).toBeVisible();
    await marker.click();
    expect(
      await page
        .locator("video")
        .first()
        .evaluate((element: HTMLVideoElement) => element.currentTime),
    ).toBeCloseTo(3, 0);
    await expect(page.getByTestId("owner-review-comment")).toContainText("Ann at 0:03");
    await page.getByLabel("Reply to Ann").fill("Will do — new cut tomorrow.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(page)).toContainText("Comment updated");

    // The reviewer sees the reply; the visit was recorded for the owner.
    await phone.reload();
    await expect(phone.getByTestId("review-comment")).toContainText("Will do — new cut tomorrow.");
    await page.reload();
    await expect(page.getByTestId("review-opens")).toContainText("phone");
    // The list of links: when each was made, and its counts in words.
    await page.getByRole("link", { name: "All review links" }).click();
    await expect(
      page.getByRole("list", { name: "Your review links" }).getByRole("listitem").first(),
    ).toContainText(
      /^Acme — pitch, MarchMade \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC · 1 project · (1 open|[2-9] opens) · 1 comment, 1 unresolved$/,
    );
  } finally {
    await reviewer.close();
  }
});

test("a phone reviewer pins comments to points of images by tap and by keyboard; the owner sees the markers", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const origin = String(test.info().project.use.baseURL);
  const form = new FormData();
  form.append("title", "Storyboard");
  for (const [n, rgb] of [
    [1, [40, 120, 200]],
    [2, [200, 120, 40]],
  ] as const) {
    const png = makePng({ width: 400, height: 300, rgb: [...rgb] });
    form.append("resources", new Blob([new Uint8Array(png)], { type: "image/png" }), `f${n}.png`);
    form.append("resourceAlts", `Storyboard frame ${n}`);
  }
  const section = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: origin },
    multipart: form,
  });
  expect(section.status()).toBe(201);
  const made = await page.request.post("/api/review-links", {
    headers: { Origin: origin },
    data: { name: "Acme — boards", projectIds: [project.id] },
  });
  expect(made.status()).toBe(201);
  const { _id: linkId, url } = ((await made.json()) as { data: { _id: string; url: string } }).data;

  const reviewer = await phoneReviewer(browser);
  try {
    // A visitor's pages load none of the reviewer's code.
    const visitor = await reviewer.newPage();
    const visitorScripts = scriptsOf(visitor);
    for (const path of ["/", "/about"]) {
      await visitor.goto(path);
      await visitor.waitForLoadState("networkidle");
    }
    expect(visitorScripts.length).toBeGreaterThan(3);
    expect(await holding(visitorScripts, REVIEWER_CODE)).toBe(false);
    await visitor.close();

    const phone = await reviewer.newPage();
    const scripts = scriptsOf(phone);
    await phone.goto(new URL(url).pathname);
    await phone.waitForLoadState("networkidle");
    // The review page's code, without the picker's until it is asked for.
    expect(await holding(scripts, REVIEWER_CODE)).toBe(true);
    expect(await holding(scripts, PICKER_CODE)).toBe(false);
    const boards = phone
      .getByTestId("review-section")
      .filter({ has: phone.getByTestId("review-images") });
    // Every image holds its place before its file arrives: nothing shifts as they load. (In a
    // page whose image files never come.)
    const waiting = await reviewer.newPage();
    await waiting.route("**/*", (route) =>
      route.request().resourceType() === "image" ? undefined : route.continue(),
    );
    await waiting.goto(new URL(url).pathname, { waitUntil: "domcontentloaded" });
    const heights = await waiting
      .getByTestId("review-images")
      .locator("img")
      .evaluateAll((images: HTMLImageElement[]) =>
        images.map((image) => (image.complete ? -1 : image.getBoundingClientRect().height)),
      );
    await waiting.close();
    expect(heights).toHaveLength(2);
    expect(heights).toEqual([expect.any(Number), expect.any(Number)]);
    expect(
      heights.every((height) => height > 200),
      String(heights),
    ).toBe(true);
    const addComment = boards.getByRole("button", { name: "Add a comment" });
    await waitForHydration(addComment);
    await addComment.tap();
    await boards.getByLabel("Your name").fill("Ann");

    // A tap: "Pin to a point of an image", then a tap a quarter across, three quarters down the
    // second image.
    await boards.getByRole("button", { name: "Pin to a point of an image" }).tap();
    const first = boards.getByRole("slider", { name: "Point on image 1: Storyboard frame 1" });
    await expect(first).toBeFocused();
    expect(await holding(scripts, PICKER_CODE)).toBe(true);
    await expectNoViolations(phone);
    const second = boards.getByRole("slider", { name: "Point on image 2: Storyboard frame 2" });
    await second.scrollIntoViewIfNeeded();
    const box = (await second.boundingBox())!;
    await second.tap({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    const tapped = /^image 2, 2[4-6]% across, 7[4-6]% down$/;
    await expect(second).toHaveAttribute("aria-valuetext", tapped);
    const tappedAt = (await second.getAttribute("aria-valuetext"))!;
    await boards.getByLabel(`Comment on ${tappedAt}`).fill("Warmer sky here");
    await boards.getByRole("button", { name: "Post comment" }).tap();
    await expect(boards.getByTestId("review-comment")).toContainText("Warmer sky here");
    const images = boards.getByTestId("review-images").locator("li");
    await expect(images.nth(1).getByTestId("image-marker")).toHaveAccessibleName(
      `Comment 1 by Ann, ${tappedAt}`,
    );
    await expect(boards.getByRole("slider")).toHaveCount(0);

    // By keyboard: the picker's arrow keys move the point from the centre, Enter goes on to the
    // comment.
    await boards.getByRole("button", { name: "Pin to a point of an image" }).focus();
    await phone.keyboard.press("Enter");
    await expect(first).toBeFocused();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowUp"]) await phone.keyboard.press(key);
    await expect(first).toHaveAttribute("aria-valuetext", "image 1, 60% across, 45% down");
    await phone.keyboard.press("Enter");
    await expect(boards.getByLabel("Comment on image 1, 60% across, 45% down")).toBeFocused();
    await phone.keyboard.type("Logo a touch left");
    await phone.keyboard.press("Tab");
    await phone.keyboard.press("Enter");
    await expect(boards.getByTestId("review-comment")).toHaveCount(2);
    const keyed = images.nth(0).getByTestId("image-marker");
    await expect(keyed).toHaveAccessibleName("Comment 2 by Ann, image 1, 60% across, 45% down");

    // A click on a comment highlights its marker.
    await boards.getByRole("button", { name: /^1 · image 2/ }).tap();
    await expect(images.nth(1).getByTestId("image-marker")).toHaveAttribute("aria-pressed", "true");
    await expect(keyed).toHaveAttribute("aria-pressed", "false");
    await expectNoViolations(phone);

    // The owner's page of the link: both markers on their images.
    await page.goto(`/review-links/${linkId}`);
    const owner = page.getByRole("region", { name: `${project.title}: Storyboard` });
    await expect(owner.getByRole("img", { name: `Comment 1 by Ann, ${tappedAt}` })).toBeVisible();
    await expect(
      owner.getByRole("img", { name: "Comment 2 by Ann, image 1, 60% across, 45% down" }),
    ).toBeVisible();
    await expect(owner.getByTestId("owner-review-comment").nth(1)).toContainText(
      "Ann on image 1, 60% across, 45% down (marker 2)",
    );
    await expectNoViolations(page);
  } finally {
    await reviewer.close();
  }
});
