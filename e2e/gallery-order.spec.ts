import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { dndLiveRegion, pickUpByKeyboard } from "./helpers/keyboard-sort";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";
import { expectNoHorizontalOverflow, expectWithinWidth } from "./helpers/layout";

signInOwnerForFile("gallery-order");
test.describe.configure({ timeout: 120_000 });

/**
 * docs/spec.md §2: the owner reorders projects on the home gallery itself, in a Reorder mode
 * (docs/spec.md §2); visitors never load dnd-kit.
 */

const galleryTitles = (page: Page) =>
  page.getByTestId("card-caption").locator(":scope > span:first-child").allInnerTexts();

const sortable = (page: Page) =>
  page.getByRole("list", { name: "Projects to reorder, in gallery order" });

/** Project titles in list order, as GET /api/projects answers the owner. */
async function apiTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/projects");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { title: string }[] };
  return body.data.map((project) => project.title);
}

async function asVisitor<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect(page.locator("[data-dragging]")).toHaveCount(1);
  await page.mouse.up();
}

test("the owner reorders the gallery in Reorder mode by keyboard and mouse; visitors see it", async ({
  page,
  browser,
}) => {
  const created: CreatedProject[] = [];
  for (const name of ["A", "B", "C"])
    created.push(
      await createProjectViaApi(page, {
        title: uniqueTitle(`Gallery ${name}`),
        category: name === "B" ? "Photography" : "Illustration",
      }),
    );
  const [a, b, c] = created as [CreatedProject, CreatedProject, CreatedProject];
  try {
    await page.goto("/");
    expect((await galleryTitles(page)).slice(0, 3)).toEqual([c.title, b.title, a.title]);

    // Normal mode: cards are links. Reorder mode: a sortable grid, no links to follow.
    const toggle = page.getByRole("button", { name: "Reorder", exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(sortable(page).getByRole("listitem").first()).toBeVisible();
    // The e2e server's demo projects come after the three made here (new work comes first).
    expect((await sortable(page).getByRole("listitem").allInnerTexts()).slice(0, 3)).toEqual([
      c.title,
      b.title,
      a.title,
    ]);
    await expect(sortable(page).getByRole("link")).toHaveCount(0);

    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expectNoHorizontalOverflow(page, `the reorder grid at ${width} px`);
      await expectWithinWidth(sortable(page).getByRole("listitem"), "every sortable card");
    }

    // Keyboard, announced: A (third) up to first.
    const live = dndLiveRegion(page);
    await pickUpByKeyboard(page, `Reorder ${a.title}`, `Picked up ${a.title}, at position 3 of`);
    await page.keyboard.press("ArrowLeft");
    await expect(live).toContainText(`${a.title} moved to position 2 of`);
    await page.keyboard.press("ArrowLeft");
    await expect(live).toContainText(`${a.title} moved to position 1 of`);
    await page.keyboard.press("Space");
    await expect(live).toContainText(`${a.title} dropped at position 1 of`);
    await expect(toast(page)).toContainText("Project order saved");
    // The list order is the gallery's reversed.
    await expect
      .poll(async () => (await apiTitles(page)).slice(-3))
      .toEqual([b.title, c.title, a.title]);
    await expect
      .poll(async () => (await sortable(page).getByRole("listitem").allInnerTexts()).slice(0, 3))
      .toEqual([a.title, c.title, b.title]);

    await asVisitor(browser, async (visitor) => {
      await visitor.goto("/");
      expect((await galleryTitles(visitor)).slice(0, 3)).toEqual([a.title, c.title, b.title]);
    });

    // Mouse: B onto A's place.
    await dragWithMouse(
      page,
      page.getByRole("button", { name: `Reorder ${b.title}` }),
      sortable(page).getByRole("listitem").filter({ hasText: a.title }),
    );
    await expect(toast(page)).toContainText("Project order saved");
    await expect
      .poll(async () => (await apiTitles(page)).slice(-3))
      .toEqual([c.title, a.title, b.title]);

    // Leaving Reorder mode gives the cards back, in the new order once the refresh that follows
    // each save has brought the server's (it may still be on its way when the owner leaves).
    await page.getByRole("button", { name: "Reorder", exact: true }).click();
    await expect(page.getByTestId("card-caption").first()).toBeAttached();
    await expect
      .poll(async () => (await galleryTitles(page)).slice(0, 3))
      .toEqual([b.title, a.title, c.title]);

    // A category view: only its projects move; B (Photography) and the demo projects of other
    // categories keep their places in the list.
    await page.goto("/?category=Illustration");
    await page.getByRole("button", { name: "Reorder", exact: true }).click();
    await expect
      .poll(async () => (await sortable(page).getByRole("listitem").allInnerTexts()).slice(0, 2))
      .toEqual([a.title, c.title]);
    await pickUpByKeyboard(page, `Reorder ${c.title}`, `Picked up ${c.title}, at position 2 of`);
    await page.keyboard.press("ArrowLeft");
    await expect(live).toContainText(`${c.title} moved to position 1 of`);
    await page.keyboard.press("Space");
    await expect(toast(page)).toContainText("Project order saved");
    await expect
      .poll(async () => (await apiTitles(page)).slice(-3))
      .toEqual([a.title, c.title, b.title]);

    // Visitors: the new order on the next request, no Reorder toggle and no dnd-kit code.
    await asVisitor(browser, async (visitor) => {
      const scripts: Promise<string>[] = [];
      visitor.on("response", (response) => {
        if (response.request().resourceType() === "script")
          scripts.push(response.text().catch(() => ""));
      });
      await visitor.goto("/", { waitUntil: "networkidle" });
      expect((await galleryTitles(visitor)).slice(0, 3)).toEqual([b.title, c.title, a.title]);
      await expect(visitor.getByRole("button", { name: "Reorder", exact: true })).toHaveCount(0);
      const bodies = await Promise.all(scripts);
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.filter((body) => body.includes("DndLiveRegion"))).toHaveLength(0);
    });
  } finally {
    for (const project of created) await deleteProjectViaApi(page, project.id);
  }
});
