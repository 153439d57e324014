import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { dndLiveRegion, pickUpByKeyboard } from "./helpers/keyboard-sort";
import { expectDraggedUnder } from "./helpers/layout";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";

signInOwnerForFile("order");
// Each test walks several pages, two browser contexts and saves; the default 30 s is too short
// on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** docs/spec.md §2: the owner drags projects (dashboard) and sections (project page) into order. */

const origin = () => String(test.info().project.use.baseURL);

async function addSectionViaApi(page: Page, projectId: string, title: string): Promise<void> {
  const response = await page.request.post(`/api/sections/${projectId}`, {
    headers: { Origin: origin() },
    multipart: { title, description: `About ${title}.` },
  });
  expect(response.status()).toBe(201);
}

/** Titles of the dashboard's projects, top first. */
async function dashboardTitles(page: Page): Promise<string[]> {
  // The title link of each row's heading (the heading also names the status for screen readers).
  return page
    .getByRole("list", { name: "Projects, in gallery order" })
    .getByTestId("dashboard-project")
    .getByRole("heading", { level: 3 })
    .getByRole("link")
    .allInnerTexts();
}

/** What a signed-out visitor sees on a page, in a browser context of its own. */
async function asVisitor<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const galleryTitles = (page: Page) =>
  page.getByTestId("card-caption").locator(":scope > span:first-child").allInnerTexts();

/** Drags a handle with the mouse onto another row, in steps; the row follows the pointer. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const x = from.x + from.width / 2;
  const y = to.y + to.height / 2 - (to.y < from.y ? 4 : -4);
  await page.mouse.move(x, from.y + from.height / 2 + (y > from.y ? 12 : -12), { steps: 4 });
  await page.mouse.move(x, y, { steps: 12 });
  await expect(page.locator("[data-dragging]")).toHaveCount(1);
  await expectDraggedUnder(page, y);
  await page.mouse.up();
}

test("the owner orders projects on the dashboard by keyboard and mouse; the gallery follows", async ({
  page,
  browser,
}) => {
  const first = await createProjectViaApi(page, {
    title: uniqueTitle("Order first"),
    category: "Illustration",
  });
  const second = await createProjectViaApi(page, {
    title: uniqueTitle("Order second"),
    category: "Illustration",
  });
  try {
    await openOwnerPage(page, "/dashboard");
    expect((await dashboardTitles(page)).slice(0, 2)).toEqual([second.title, first.title]);

    // Keyboard: Space picks up, ArrowUp moves, Space drops; each step is announced in words.
    const live = dndLiveRegion(page);
    await pickUpByKeyboard(
      page,
      `Reorder ${first.title}`,
      `Picked up ${first.title}, at position 2 of`,
    );
    await page.keyboard.press("ArrowUp");
    await expect(live).toContainText(`${first.title} moved to position 1 of`);
    await page.keyboard.press("Space");
    await expect(live).toContainText(`${first.title} dropped at position 1 of`);
    await expect(toast(page)).toContainText("Project order saved");
    expect((await dashboardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
    await expect(page.getByRole("button", { name: `Reorder ${first.title}` })).toBeFocused();

    await asVisitor(browser, async (visitor) => {
      await visitor.goto("/");
      expect((await galleryTitles(visitor)).slice(0, 2)).toEqual([first.title, second.title]);
      await visitor.goto("/?category=Illustration");
      expect((await galleryTitles(visitor)).slice(0, 2)).toEqual([first.title, second.title]);
    });

    // Mouse: drag the second project's handle onto the first row.
    await page.reload();
    const rows = page
      .getByRole("list", { name: "Projects, in gallery order" })
      .getByRole("listitem");
    await dragWithMouse(
      page,
      page.getByRole("button", { name: `Reorder ${second.title}` }),
      rows.filter({ hasText: first.title }).first(),
    );
    await expect(toast(page)).toContainText("Project order saved");
    await expect
      .poll(async () => (await dashboardTitles(page)).slice(0, 2))
      .toEqual([second.title, first.title]);
    await asVisitor(browser, async (visitor) => {
      await visitor.goto("/");
      expect((await galleryTitles(visitor)).slice(0, 2)).toEqual([second.title, first.title]);
    });

    // A refused save puts the list back and says why in the error toast.
    await page.route("**/api/projects/order", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Refused for the test", data: null }),
      }),
    );
    // Each key waits for dnd-kit's announcement of the step before the next, as above: a key
    // pressed before the pick-up is active is lost, and no save is ever sent.
    await pickUpByKeyboard(page, `Reorder ${first.title}`, `Picked up ${first.title}`);
    await page.keyboard.press("ArrowUp");
    await expect(live).toContainText(`${first.title} moved to position 1 of`);
    await page.keyboard.press("Space");
    await expect(toast(page, "error")).toContainText("Refused for the test");
    expect((await dashboardTitles(page)).slice(0, 2)).toEqual([second.title, first.title]);
  } finally {
    await deleteProjectViaApi(page, first.id);
    await deleteProjectViaApi(page, second.id);
  }
});

test("the owner orders a project's sections on its page; visitors get no dnd-kit code", async ({
  page,
  browser,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Sectioned"),
    category: "Motion Design",
  });
  try {
    for (const title of ["One", "Two", "Three"]) await addSectionViaApi(page, project.id, title);
    const headings = (p: Page) =>
      p.getByTestId("project-section").getByRole("heading", { level: 2 }).allInnerTexts();

    await page.goto(`/sections/${project.id}`);
    const reorder = page.getByRole("button", { name: "Reorder sections" });
    await expect(reorder).toHaveAttribute("aria-expanded", "false");
    await reorder.click();
    await expect(reorder).toHaveAttribute("aria-expanded", "true");
    const list = page.getByRole("list", { name: `Sections of ${project.title}, in page order` });
    await expect(list.getByRole("listitem")).toHaveText(["One", "Two", "Three"]);

    // Each key waits for dnd-kit's announcement of the step: a key pressed before the previous
    // one took effect is lost on a loaded machine.
    const live = dndLiveRegion(page);
    await pickUpByKeyboard(page, "Reorder Three", "Picked up Three, at position 3 of 3", "Enter");
    await page.keyboard.press("ArrowUp");
    await expect(live).toContainText("Three moved to position 2 of 3");
    await page.keyboard.press("ArrowUp");
    await expect(live).toContainText("Three moved to position 1 of 3");
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText("Section order saved");
    await expect.poll(() => headings(page)).toEqual(["Three", "One", "Two"]);

    await dragWithMouse(
      page,
      page.getByRole("button", { name: "Reorder Two" }),
      list.getByRole("listitem").filter({ hasText: "One" }),
    );
    await expect(list.getByRole("listitem")).toHaveText(["Three", "Two", "One"]);
    await expect.poll(() => headings(page)).toEqual(["Three", "Two", "One"]);

    await asVisitor(browser, async (visitor) => {
      const scripts: Promise<string>[] = [];
      visitor.on("response", (response) => {
        if (response.request().resourceType() === "script")
          scripts.push(response.text().catch(() => ""));
      });
      await visitor.goto(`/sections/${project.id}`, { waitUntil: "networkidle" });
      expect(await headings(visitor)).toEqual(["Three", "Two", "One"]);
      await expect(visitor.getByRole("button", { name: "Reorder sections" })).toHaveCount(0);
      await visitor.goto("/", { waitUntil: "networkidle" });
      const bodies = await Promise.all(scripts);
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.filter((body) => body.includes("DndLiveRegion"))).toHaveLength(0);
    });
  } finally {
    await deleteProjectViaApi(page, project.id);
  }
});
