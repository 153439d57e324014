import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SHOWCASE } from "./fixtures/data";
import { deleteProjectViaApi, signInOwnerForFile, uniqueTitle } from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";

/**
 * zod is about 30 kB of gzipped JavaScript: the owner's forms use it, a visitor's pages must not
 * download it through the rules they borrow (a label, a message, a CSS helper). Checked on what
 * the browser actually fetches, every script of every kind of public page, the full-screen viewer
 * and a protected project's password form included.
 */
signInOwnerForFile("visitor-js");

const CLIP = fs.readFileSync(path.join(__dirname, "fixtures", "clip.mp4"));

/** A marker of zod's core in a built chunk (its error class's name survives minification). */
const ZOD = "$ZodError";

/** The scripts `page` downloads while `visit` runs: their URLs and whether each holds zod. */
async function scriptsDuring(page: Page, visit: () => Promise<void>) {
  const scripts: Promise<{ url: string; zod: boolean }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response.text().then((text) => ({ url: response.url(), zod: text.includes(ZOD) })),
    );
  });
  await visit();
  await page.waitForLoadState("networkidle");
  return Promise.all(scripts);
}

test("a visitor's pages download no zod; the owner's forms do", async ({ page, browser }) => {
  const origin = String(test.info().project.use.baseURL);
  const created = await page.request.post("/api/projects", {
    headers: { Origin: origin },
    multipart: {
      title: uniqueTitle("Locked"),
      role: "Direction",
      category: "Illustration",
      status: "protected",
      password: "a-long-password",
      cover: png("cover.png", { width: 64, height: 48 }),
    },
  });
  expect(created.status()).toBe(201);
  const locked = ((await created.json()) as { data: { _id: string } }).data._id;
  // A published project with a loop cover in the gallery and a silent loop on its page (each
  // player has a chunk of its own).
  const published = await page.request.post("/api/projects", {
    headers: { Origin: origin },
    multipart: {
      title: uniqueTitle("Looping"),
      role: "Direction",
      category: "Motion Design",
      cover: png("cover.png", { width: 64, height: 48 }),
      coverVideo: { name: "loop.mp4", mimeType: "video/mp4", buffer: CLIP },
    },
  });
  expect(published.status()).toBe(201);
  const looping = { id: ((await published.json()) as { data: { _id: string } }).data._id };
  const section = await page.request.post(`/api/sections/${looping.id}`, {
    headers: { Origin: origin },
    multipart: {
      title: "Loop",
      playback: "loop",
      video: { name: "clip.mp4", mimeType: "video/mp4", buffer: CLIP },
    },
  });
  expect(section.status()).toBe(201);

  const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  try {
    const scripts = await scriptsDuring(visitor, async () => {
      for (const url of [
        "/",
        "/about",
        "/reel",
        `/sections/${looping.id}`,
        `/sections/${locked}`,
      ]) {
        await visitor.goto(url);
        await visitor.waitForLoadState("networkidle");
      }
      await expect(
        visitor.getByRole("heading", { name: "This project is protected" }),
      ).toBeVisible();
      await visitor.getByLabel("Password").fill("wrong-password");
      await visitor.goto(`/sections/${SHOWCASE.id}`);
      await visitor
        .getByRole("button", { name: /^View full screen/ })
        .first()
        .click();
      await expect(visitor.getByRole("dialog", { name: "Image viewer" })).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((script) => script.zod).map((script) => script.url)).toEqual([]);
  } finally {
    await visitor.close();
  }

  // The check can fail: the owner's project form does download zod.
  const owner = await scriptsDuring(page, async () => {
    await page.goto("/addproject");
    await expect(page.getByLabel("Title")).toBeVisible();
  });
  expect(owner.some((script) => script.zod)).toBe(true);
  await deleteProjectViaApi(page, locked);
  await deleteProjectViaApi(page, looping.id);
});
