import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { expectNoHorizontalOverflow } from "./helpers/layout";

signInOwnerForFile("dashboard");
// Several page loads and a second browser per test: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

/*
 * docs/spec.md §2: the owner's dashboard rows (thumbnail, status, category, section count), the
 * filter by status, and the quick actions (status, delete with Undo) on each row.
 */

// A save answers within a few seconds, but this machine is shared: toasts get more time.
const slow = { timeout: 20_000 };

const origin = () => String(test.info().project.use.baseURL);
const row = (page: Page, title: string) =>
  page.getByTestId("sortable-item").filter({ hasText: title });
const filter = (page: Page, name: string) =>
  page.getByRole("radio", { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** Clicks a filter option as a pointer user does: on its label (the radio itself is visually hidden). */
const choose = (page: Page, name: string) => filter(page, name).locator("xpath=..").click();

/** Sets a project's status through the REST API (as another tab of the owner would). */
async function setStatusViaApi(page: Page, id: string, title: string, status: string) {
  const response = await page.request.put(`/api/projects/${id}`, {
    headers: { Origin: origin() },
    multipart: { title, role: "Direction", category: "Illustration", status },
  });
  expect(response.status()).toBe(200);
}

/** Waits until an image has loaded and decoded a picture. */
async function expectDecoded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The number a filter option shows, "Draft (3)" → 3. */
async function countOf(page: Page, name: string): Promise<number> {
  const label = await filter(page, name).evaluate((input) => input.closest("label")!.textContent);
  return Number(/\((\d+)\)/.exec(label ?? "")![1]);
}

test("rows show the cover thumbnail, status, category and section count; axe clean at 375 and 1440 px", async ({
  page,
}) => {
  const title = uniqueTitle("Thumb row");
  const project = await createProjectViaApi(page, { title, category: "Motion Design" });
  await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: origin() },
    multipart: { title: "Only part", description: "One section" },
  });
  await page.goto("/dashboard");
  const mine = row(page, title);
  await expect(mine.getByTestId("dashboard-project-meta")).toHaveText("Motion Design · 1 section");
  await expect(mine.getByTestId("row-status")).toHaveValue("published");
  const thumbnail = mine.getByTestId("dashboard-thumbnail");
  // Decorative: the title beside it is what a screen reader hears, once.
  await expect(thumbnail).toHaveAttribute("alt", "");
  await expect(thumbnail).toHaveAttribute("sizes", "80px");
  await expectDecoded(thumbnail);

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await mine.scrollIntoViewIfNeeded();
    // Nothing wider than the screen: the row wraps instead.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    const box = await mine.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await deleteProjectViaApi(page, project.id);
});

test("draft and scheduled covers show to the owner, not to visitors", async ({ page, browser }) => {
  const draft = await createProjectViaApi(page, {
    title: uniqueTitle("Thumb draft"),
    category: "Illustration",
  });
  await setStatusViaApi(page, draft.id, draft.title, "draft");
  const scheduled = await createProjectViaApi(page, {
    title: uniqueTitle("Thumb scheduled"),
    category: "Illustration",
  });
  const response = await page.request.put(`/api/projects/${scheduled.id}`, {
    headers: { Origin: origin() },
    multipart: {
      title: scheduled.title,
      role: "Direction",
      category: "Illustration",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(response.status()).toBe(200);
  await page.goto("/dashboard");
  // No cookies: the test options would give this context the owner's.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    for (const { title } of [draft, scheduled]) {
      const thumbnail = row(page, title).getByTestId("dashboard-thumbnail");
      await expectDecoded(thumbnail);
      // The owner's browser reads the file itself; a visitor asking for the same URL gets nothing.
      const src = await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect((await visitor.request.get(src)).status(), title).toBe(404);
    }
  } finally {
    await visitor.close();
  }
  await deleteProjectViaApi(page, draft.id);
  await deleteProjectViaApi(page, scheduled.id);
});

test("the status filter shows only matching rows with their counts, and locks reordering", async ({
  page,
}) => {
  const draft = await createProjectViaApi(page, {
    title: uniqueTitle("Filter draft"),
    category: "Illustration",
  });
  await setStatusViaApi(page, draft.id, draft.title, "draft");
  const shown = await createProjectViaApi(page, {
    title: uniqueTitle("Filter published"),
    category: "Illustration",
  });
  await page.goto("/dashboard");
  const rows = page.getByTestId("sortable-item");
  await expect(filter(page, "All")).toBeChecked();
  const all = await rows.count();
  expect(await countOf(page, "All")).toBe(all);
  await expect(page.getByTestId("reorder-locked")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Reorder ${draft.title}` })).toBeEnabled();

  await choose(page, "Draft");
  await expect(row(page, draft.title)).toBeVisible();
  await expect(row(page, shown.title)).toHaveCount(0);
  const drafts = await rows.count();
  expect(await countOf(page, "Draft")).toBe(drafts);
  // Every row shown is a draft.
  expect(
    await rows
      .getByTestId("row-status")
      .evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)),
  ).toEqual(Array(drafts).fill("draft"));
  // The order is saved as a whole list: with some projects hidden, dragging is off, and says why.
  await expect(page.getByTestId("reorder-locked")).toHaveText(
    "Reordering is off while a filter is on: choose All to reorder.",
  );
  await expect(page.getByRole("button", { name: `Reorder ${draft.title}` })).toBeDisabled();

  await choose(page, "Published");
  await expect(row(page, shown.title)).toBeVisible();
  await expect(row(page, draft.title)).toHaveCount(0);
  expect(await countOf(page, "Published")).toBe(await rows.count());
  const sum = await Promise.all(
    ["Published", "Draft", "Unlisted", "Protected"].map((name) => countOf(page, name)),
  );
  expect(sum.reduce((a, b) => a + b, 0)).toBe(all);
  await expectNoHorizontalOverflow(page, "the filtered dashboard");

  await choose(page, "All");
  await expect(rows).toHaveCount(all);
  await expect(page.getByRole("button", { name: `Reorder ${draft.title}` })).toBeEnabled();
  await deleteProjectViaApi(page, draft.id);
  await deleteProjectViaApi(page, shown.id);
});

test("a status changed from the row is what a signed-out browser sees; a stale row gets the 409 message", async ({
  page,
  browser,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Row status"),
    category: "Illustration",
  });
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`/sections/${project.id}`))?.status()).toBe(200);

  await page.goto("/dashboard");
  const select = row(page, project.title).getByLabel(`Status of ${project.title}`);
  await select.selectOption("draft");
  await expect(toast(page)).toContainText(`${project.title}: Draft`, slow);
  await expect(row(page, project.title).getByTestId("status-badge")).toHaveText("Draft", slow);
  expect((await visitor.goto(`/sections/${project.id}`))?.status()).toBe(404);
  await visitor.goto("/");
  await expect(visitor.getByText(project.title)).toHaveCount(0);

  await select.focus();
  await select.selectOption("published");
  await expect(toast(page)).toContainText(`${project.title}: Published`, slow);
  await expect(row(page, project.title).getByTestId("status-badge")).toHaveCount(0, slow);
  // The keyboard's place is kept through the save.
  await expect(select).toBeFocused();
  expect((await visitor.goto(`/sections/${project.id}`))?.status()).toBe(200);
  await visitorContext.close();

  // Protected needs a password: the Edit dialog opens with Protected chosen and its rules.
  // As a mouse or keyboard user does, the select has the focus when it opens the dialog.
  await select.focus();
  await select.selectOption("protected");
  const dialog = page.getByRole("dialog", { name: `Edit ${project.title}` });
  await expect(dialog.getByLabel("Status")).toHaveValue("protected");
  await dialog.getByLabel("Password for visitors").fill("short");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toContainText(
    "A protected project needs a password of at least 8 characters",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(select).toBeFocused();
  await expect(select).toHaveValue("published");

  // Another tab saves first: this row's version is stale, nothing is overwritten.
  await setStatusViaApi(page, project.id, project.title, "unlisted");
  await select.selectOption("draft");
  await expect(toast(page, "error")).toContainText(
    "This project was changed elsewhere. Reload to see the latest version.",
    slow,
  );
  await expect(select).toHaveValue("published");
  const stored = await page.request.get(`/api/projects/${project.id}`);
  expect(((await stored.json()) as { data: { status: string } }).data.status).toBe("unlisted");
  await page.reload();
  await expect(row(page, project.title).getByTestId("row-status")).toHaveValue("unlisted");
  await deleteProjectViaApi(page, project.id);
});

test("Delete from the row asks first, moves to the trash, and Undo brings the row back", async ({
  page,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Row delete"),
    category: "Illustration",
  });
  await page.goto("/dashboard");
  await row(page, project.title)
    .getByRole("button", { name: `Delete ${project.title}` })
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure");
  await confirm.getByRole("button", { name: "Delete" }).click();
  const done = toast(page);
  await done.hover();
  await expect(done).toContainText("Project deleted successfully!", slow);
  await expect(row(page, project.title)).toHaveCount(0);
  await done.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText("Project restored successfully!", slow);
  await expect(row(page, project.title)).toBeVisible();
  await deleteProjectViaApi(page, project.id);
});

test("keyboard only: filter, change a status and delete from a row", async ({ page }) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Keys row"),
    category: "Illustration",
  });
  await page.goto("/dashboard");
  await filter(page, "All").focus();
  // Arrow keys move within the radio group: All → Published.
  await page.keyboard.press("ArrowRight");
  await expect(filter(page, "Published")).toBeChecked();
  await expect(filter(page, "Published")).toBeFocused();
  await expect(row(page, project.title)).toBeVisible();

  const select = row(page, project.title).getByLabel(`Status of ${project.title}`);
  const edit = row(page, project.title).getByRole("button", {
    name: `Edit details of ${project.title}`,
  });
  await edit.focus();
  await page.keyboard.press("Tab");
  await expect(select).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(toast(page)).toContainText(`${project.title}: Draft`, slow);
  // Now a draft, it leaves the Published list.
  await expect(row(page, project.title)).toHaveCount(0);
  // Its row went away with the focus in it: back to the filter, Published → Draft.
  await filter(page, "Published").focus();
  await page.keyboard.press("ArrowRight");
  await expect(filter(page, "Draft")).toBeChecked();
  const draftRow = row(page, project.title);
  await expect(draftRow.getByTestId("status-badge")).toHaveText("Draft", slow);

  await draftRow.getByRole("button", { name: `Delete ${project.title}` }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Project deleted successfully!", slow);
  await expect(row(page, project.title)).toHaveCount(0);
  await deleteProjectViaApi(page, project.id);
});
