import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { makeProresMaster } from "../test/helpers/video-masters";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";

/**
 * docs/media.md#resumable-uploads: the owner's section form uploads a master with tus over a slow
 * link, shows speed and time left, survives the connection dropping (it resumes from the offset
 * the server answers once the browser is online again), and the saved section's video is encoded.
 */
signInOwnerForFile("resumable-upload");

type SectionData = { _id: string; title: string; videoStatus: string; video: string };

let project: CreatedProject;
const masters = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-resumable-"));
const MB = 1024 * 1024;

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Masters"),
    category: "Motion Design",
  });
});
test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});
test.afterAll(() => fs.rmSync(masters, { recursive: true, force: true }));

test("a master uploads over a dropped connection, resumes, and its section's video becomes ready", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A ProRes .mov master (about 8 MB): not the form's small-mp4 path, so it goes through tus.
  const master = makeProresMaster(masters, "Spot master.mov", {
    width: 854,
    height: 480,
    seconds: 4,
  });
  const size = fs.statSync(master).size;
  const patches: number[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/uploads/"))
      patches.push(Number(request.headers()["upload-offset"]));
  });

  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("From the master");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const link = { latency: 20, downloadThroughput: 4 * MB, uploadThroughput: MB };
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...link });
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(master);

  const progress = page.getByRole("progressbar", { name: "Uploading" });
  const percent = async () => Number(await progress.getAttribute("aria-valuenow"));
  await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThanOrEqual(15);
  // Speed and time left, once a second of progress is measured.
  await expect(page.getByText(/MB of \d+\.\d MB · [\d.]+ MB\/s · about \d+ s left/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel upload" })).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).include("form").analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  // Saving before the upload is complete is refused with a reason.
  await page.getByRole("button", { name: "Add Section" }).click();
  await expect(
    page.getByText("The video is still uploading. Save once the upload is complete.").first(),
  ).toBeVisible();

  // The connection drops mid-upload: the field says so and the bar stops.
  await cdp.send("Network.emulateNetworkConditions", { offline: true, ...link });
  // The chunk already on the wire may still finish; the next one fails, is retried, then waits.
  await expect(page.getByText("Connection lost: the upload resumes when it is back.")).toBeVisible({
    timeout: 60_000,
  });
  const stalled = await percent();
  expect(stalled).toBeLessThan(100);
  await page.waitForTimeout(1000);
  expect(await percent()).toBe(stalled);

  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...link });
  await expect(page.getByText("Upload complete. Save to attach the video.")).toBeVisible({
    timeout: 60_000,
  });
  // Resumed from the offset the server answered (HEAD), never sent again from the start.
  expect(patches[0]).toBe(0);
  expect(patches.filter((offset) => offset === 0)).toHaveLength(1);
  expect(patches.at(-1)).toBeGreaterThan(0);
  expect(patches.at(-1)).toBeLessThan(size);

  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole("button", { name: "Add Section" }).click();
  await expect(toast(page)).toHaveText(/Section added successfully!/);
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/sections/${project.id}`);
        const sections = ((await list.json()) as { data: SectionData[] }).data;
        return sections.find((section) => section.title === "From the master")?.videoStatus;
      },
      { timeout: 90_000 },
    )
    .toBe("ready");
});

test("cancelling an upload deletes it on the server", async ({ page }) => {
  const master = makeProresMaster(masters, "cancelled.mov", {
    width: 854,
    height: 480,
    seconds: 2,
  });
  await page.goto(`/addsection/${project.id}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 4 * MB,
    uploadThroughput: MB / 2,
  });
  const created = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().endsWith("/api/uploads"),
  );
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(master);
  const location = (await (await created).headerValue("location"))!;
  const cancel = page.getByRole("button", { name: "Cancel upload" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("progressbar", { name: "Uploading" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Upload cancelled." })).toHaveCount(1);
  await expect
    .poll(async () =>
      (
        await page.request.head(location, {
          headers: { "Tus-Resumable": "1.0.0" },
        })
      ).status(),
    )
    .toBe(404);
});
