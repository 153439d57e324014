import { resumableMessages } from "@/lib/validation/resumable-uploads";
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers/browser";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  toast,
  signInOwnerForFile,
  type CreatedProject,
  uniqueTitle,
} from "./helpers/owner-flows";
import { makePng, MB, playableMp4, png, writeTempFile } from "./helpers/owner-media";

signInOwnerForFile("sections");

const ADD_VIMEO_ERROR =
  "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>";

let project: CreatedProject;

// The Add New Project form is under test in owner-projects.spec.ts: here the project comes from
// the API and the test starts on its add-section page, once its script has taken the form over.
test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Owner project"),
    category: "Illustration",
  });
  await page.goto(`/addsection/${project.id}`);
  await waitForHydration(page.getByRole("button", { name: "Add Section" }));
});

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await deleteProjectViaApi(page, project.id);
});

const imagesInput = (page: Page) => page.getByLabel(/^Add images/);
const submit = (page: Page) => page.getByRole("button", { name: "Add Section" });

test("an empty section is refused with the spec's text", async ({ page }) => {
  await submit(page).click();
  await expect(toast(page, "error")).toHaveText(/At least one field is required/);
  await expect(page).toHaveURL(new RegExp(`/addsection/${project.id}$`));
});

test("image files are checked before sending, at the exact limits", async ({ page }) => {
  await imagesInput(page).setInputFiles([
    { name: "exact.png", mimeType: "image/png", buffer: makePng({ size: 5 * MB }) },
    { name: "big.png", mimeType: "image/png", buffer: makePng({ size: 5 * MB + 1 }) },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    { name: "photo.webp", mimeType: "image/webp", buffer: Buffer.from("RIFF....WEBP") },
  ]);
  const errors = page.getByRole("alert").filter({ hasText: "File too large" });
  await expect(errors).toContainText("File too large: big.png");
  await expect(page.getByText("Invalid file type: notes.txt")).toBeVisible();
  await expect(page.getByText("Invalid file type: photo.webp")).toBeVisible();
  await expect(page.getByText("File too large: exact.png")).toHaveCount(0);
  const added = page.getByRole("list", { name: "New images" }).getByRole("listitem");
  await expect(added).toHaveCount(1);
  await expect(page.getByAltText("Preview of exact.png")).toBeVisible();

  await imagesInput(page).setInputFiles(["2", "3", "4", "5", "6"].map((n) => png(`${n}.png`)));
  await expect(added).toHaveCount(5);
  await expect(page.getByText("Too many images: 6.png (up to 5 per section)")).toBeVisible();
  await expect(imagesInput(page)).toBeDisabled();

  await page.getByRole("button", { name: "Remove 3.png" }).click();
  await expect(added).toHaveCount(4);
  await expect(imagesInput(page)).toBeEnabled();
});

test("video files are checked before sending: a video container; an mp4 up to 50 MB goes with the form", async ({
  page,
}) => {
  const videoInput = page.getByLabel("Video file (MP4, MOV, WebM or MKV)");
  await videoInput.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("x"),
  });
  await expect(page.getByText(resumableMessages.notVideo("notes.txt"))).toBeVisible();
  await videoInput.setInputFiles(writeTempFile("exact.mp4", playableMp4(50 * MB)));
  await expect(page.getByText(/Invalid file type|File too large/)).toHaveCount(0);
  await expect(page.getByText("Selected: exact.mp4")).toBeVisible();
});

test("switching the video type clears the other choice", async ({ page }) => {
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: playableMp4(),
  });
  await expect(page.getByText("Selected: clip.mp4")).toBeVisible();
  await page.getByLabel("Embed a Vimeo video").check();
  const embed = page.getByLabel("Vimeo URL or embed code");
  await embed.fill("https://vimeo.com/76979871");
  await page.getByLabel("Upload a video file").check();
  await expect(page.getByText("Selected: clip.mp4")).toHaveCount(0);
  await expect(page.getByLabel("Video file (MP4, MOV, WebM or MKV)")).toHaveValue("");
  await page.getByLabel("Embed a Vimeo video").check();
  await expect(embed).toHaveValue("");
});

test("a bad Vimeo link gets the add message; a good one is saved as the player URL", async ({
  page,
}) => {
  await page.getByLabel("Title").fill("The film");
  await page.getByLabel("Embed a Vimeo video").check();
  await page.getByLabel("Vimeo URL or embed code").fill("https://vimeo.com/not-a-video");
  await submit(page).click();
  await expect(page.getByText(ADD_VIMEO_ERROR).first()).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("The film");

  await page
    .getByLabel("Vimeo URL or embed code")
    .fill(
      '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" width="640"></iframe>',
    );
  await submit(page).click();
  await expect(toast(page)).toHaveText(/Section added successfully!/);
  await expect(page).toHaveURL(new RegExp(`/sections/${project.id}$`));
  const frame = page.locator("iframe[src*='player.vimeo.com/video/76979871']");
  const play = page.getByRole("button", { name: "Play the video" });
  await waitForHydration(play);
  await play.click();
  await expect(frame).toHaveCount(1);
  expect(await frame.getAttribute("src")).toContain("h=8272103f6e");
});

test("a section with text, images and alt text appears on the project page", async ({ page }) => {
  await page.getByLabel("Title").fill("Style frames");
  await page.getByLabel("Description").fill("Two frames that fixed the look.");
  await imagesInput(page).setInputFiles([png("one.png"), png("two.png", { rgb: [10, 120, 60] })]);
  await page.getByLabel("Alt text for one.png").fill("A red frame");
  await page.getByLabel("Alt text for two.png").fill("A green frame");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: playableMp4(),
  });
  await submit(page).click();
  await expect(toast(page)).toHaveText(/Section added successfully!/);
  await expect(page).toHaveURL(new RegExp(`/sections/${project.id}$`));
  const section = page.getByTestId("project-section").filter({ hasText: "Style frames" });
  await expect(section).toContainText("Two frames that fixed the look.");
  await expect(section.getByAltText("A red frame")).toBeVisible();
  await expect(section.getByAltText("A green frame")).toBeVisible();
  await expect(section.locator("video")).toHaveCount(1);
});

test("upload progress is shown as a percentage with the button disabled", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await page.getByLabel("Title").fill("Slow upload");
  await imagesInput(page).setInputFiles([
    { name: "large.png", mimeType: "image/png", buffer: makePng({ size: 4 * MB }) },
  ]);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 4 * MB,
    uploadThroughput: 1 * MB,
  });
  await page.getByRole("button", { name: "Add Section" }).click();
  const progress = page.getByRole("progressbar", { name: "Uploading" });
  await expect(progress).toBeVisible();
  await expect(page.getByRole("button", { name: /^Uploading \d+%$/ })).toBeDisabled();
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const midway = Number(await progress.getAttribute("aria-valuenow"));
  expect(midway).toBeLessThan(100);
  await expect(page.getByText(/^Uploading \d+%$/).first()).toBeVisible();
  await expect(toast(page)).toHaveText(/Section added successfully!/, { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});

test.describe("add-section failures keep the form and use the spec's texts", () => {
  test.beforeEach(async ({ page }) => {
    await page.getByLabel("Title").fill("Will fail");
    await page.getByLabel("Description").fill("Kept after the failure");
  });

  const cases = [
    {
      name: "non-2xx",
      text: "Request failed",
      handle: { status: 500, body: '{"success":false,"message":"Disk full"}' },
    },
    {
      name: "refused with success false",
      text: "Failed to add section",
      handle: { status: 200, body: '{"success":false,"message":""}' },
    },
  ];
  for (const { name, text, handle } of cases) {
    test(name, async ({ page }) => {
      await page.route(`**/api/sections/${project.id}`, (route) =>
        route.fulfill({ ...handle, contentType: "application/json" }),
      );
      await submit(page).click();
      await expect(toast(page, "error")).toHaveText(new RegExp(text));
      await expect(page.getByLabel("Description")).toHaveValue("Kept after the failure");
      await expect(submit(page)).toBeEnabled();
    });
  }

  test("network error", async ({ page }) => {
    await page.route(`**/api/sections/${project.id}`, (route) =>
      route.abort("internetdisconnected"),
    );
    await submit(page).click();
    await expect(toast(page, "error")).toHaveText(/Network error/);
    await expect(page.getByLabel("Title")).toHaveValue("Will fail");
  });
});

test("an unknown project or section is a 404 page with one main landmark", async ({ page }) => {
  for (const path of ["/addsection/0123456789abcdef01234567", "/editsectionpage/nope"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
  }
});
