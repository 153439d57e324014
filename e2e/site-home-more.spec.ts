import { expect, test } from "@playwright/test";
import { GALLERY_PAGE_SIZE } from "@/lib/site/gallery-pages";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  type CreatedProject,
} from "./helpers/owner-flows";

signInOwnerForFile("gallery-more");

/** More projects than one gallery page holds, created for this file and removed after it. */
const created: CreatedProject[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const existing = ((await (await page.request.get("/api/projects")).json()) as { data: unknown[] })
    .data.length;
  for (let i = 1; existing + created.length < GALLERY_PAGE_SIZE + 5; i++) {
    created.push(
      await createProjectViaApi(page, { title: `Batch plate ${i}`, category: "Illustration" }),
    );
  }
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  for (const project of created) await deleteProjectViaApi(page, project.id);
  await page.close();
});

test("Show more projects adds the next page below, keeps the place and moves focus to it", async ({
  browser,
}) => {
  // A visitor: no owner session.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const cards = page.getByTestId("project-card");
  const total = Number(
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /^All/ })
      .locator("span")
      .textContent(),
  );
  expect(total).toBeGreaterThan(GALLERY_PAGE_SIZE);
  await expect(cards).toHaveCount(GALLERY_PAGE_SIZE);
  // Newest first: the last project created here opens the gallery.
  await expect(cards.first()).toContainText(created.at(-1)!.title);
  await expect(page.getByText(`Showing ${GALLERY_PAGE_SIZE} of ${total} projects`)).toBeVisible();

  const more = page.getByRole("link", { name: "Show more projects" });
  await more.focus();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/?page=2");
  const shown = Math.min(total, 2 * GALLERY_PAGE_SIZE);
  await expect(cards).toHaveCount(shown);
  await expect(page.getByText(`Showing ${shown} of ${total} projects`)).toBeVisible();
  // Focus lands on the first card the page added, and the page did not jump back to the top.
  await expect(cards.nth(GALLERY_PAGE_SIZE).getByRole("link")).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo / 2);
  if (shown === total) await expect(more).toHaveCount(0);

  // The URL stands on its own: a reload shows the same cards and leaves focus alone.
  await page.reload();
  await expect(cards).toHaveCount(shown);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await context.close();
});
