import { expect, test, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  toast,
  uniqueTitle,
  signInOwnerForFile,
} from "./helpers/owner-flows";
import { expectInViewport, expectNoHorizontalOverflow } from "./helpers/layout";

signInOwnerForFile("trash");
// Each test creates, deletes and restores through several page loads: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

/*
 * docs/spec.md §10: the delete toast's Undo, the Trash page, and a stale
 * save from a second tab.
 */

const card = (page: Page, title: string) =>
  page.getByTestId("project-card").filter({ hasText: title });

async function addSectionViaApi(page: Page, projectId: string, title: string): Promise<string> {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post(`/api/sections/${projectId}`, {
    headers: { Origin: origin },
    multipart: { title, description: "Kept in the trash" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

test("Undo in the delete toast brings the card back in its place", async ({ page }) => {
  const older = await createProjectViaApi(page, {
    title: uniqueTitle("Undo neighbour"),
    category: "Illustration",
  });
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Undo me"),
    category: "Illustration",
  });
  await page.goto("/");
  // The order of the cards, by the project each links to (text changes with hover).
  const titles = () =>
    page
      .getByTestId("project-card")
      .evaluateAll((cards) => cards.map((c) => c.querySelector("a")?.getAttribute("href")));
  const before = await titles();

  await card(page, project.title)
    .getByRole("button", { name: `Delete ${project.title}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  const done = toast(page);
  // Pointing at the toast keeps it (and its Undo) on screen, however slow this machine is.
  await done.hover();
  await expect(done).toHaveAttribute("role", "status");
  await expect(done).toContainText("Project deleted successfully!");
  const undo = done.getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  await expect(undo).toHaveAttribute("aria-keyshortcuts", /Control\+Z/);
  await expect(card(page, project.title)).toHaveCount(0);
  await expectInViewport(done, "the toast with its Undo");

  await undo.click();
  await expect(toast(page)).toContainText("Project restored successfully!");
  await expect(card(page, project.title)).toBeVisible();
  await expect.poll(titles).toEqual(before);
  // Restored for every visitor too, on the next request.
  await page.reload();
  await expect(card(page, project.title)).toBeVisible();
  await deleteProjectViaApi(page, project.id);
  await deleteProjectViaApi(page, older.id);
});

test("Ctrl+Z undoes a section delete from the keyboard while the toast shows", async ({ page }) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Keyboard undo"),
    category: "Motion Design",
  });
  await addSectionViaApi(page, project.id, "Keyboard section");
  await page.goto(`/sections/${project.id}`);
  const remove = page.getByRole("button", { name: "Delete Keyboard section" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Section deleted successfully");
  await expect(page.getByRole("heading", { name: "Keyboard section" })).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
  await page.keyboard.press("Control+z");
  await expect(toast(page)).toContainText("Section restored successfully!");
  await expect(page.getByRole("heading", { name: "Keyboard section" })).toBeVisible();
  await deleteProjectViaApi(page, project.id);
});

test("the Trash lists deleted items with Restore and Delete forever", async ({ page }) => {
  const kept = await createProjectViaApi(page, {
    title: uniqueTitle("Trash restore"),
    category: "Photography",
  });
  const gone = await createProjectViaApi(page, {
    title: uniqueTitle("Trash forever"),
    category: "Photography",
  });
  const host = await createProjectViaApi(page, {
    title: uniqueTitle("Trash host"),
    category: "Photography",
  });
  const sectionId = await addSectionViaApi(page, host.id, "Trashed section");
  const origin = { Origin: String(test.info().project.use.baseURL) };
  for (const path of [
    `/api/projects/${kept.id}`,
    `/api/projects/${gone.id}`,
    `/api/sections/${sectionId}`,
  ])
    expect((await page.request.delete(path, { headers: origin })).status()).toBe(200);

  await page.goto("/dashboard");
  await page.getByRole("main").getByRole("link", { name: "Trash", exact: true }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  const projects = page.getByTestId("trash-project");
  await expect(projects.filter({ hasText: kept.title })).toContainText("deleted for good on");
  await expect(
    page.getByTestId("trash-section").filter({ hasText: "Trashed section" }),
  ).toContainText(host.title);
  await expectNoHorizontalOverflow(page, "the trash page");

  await page.getByRole("button", { name: `Restore ${kept.title}` }).click();
  await expect(toast(page)).toContainText("Project restored successfully!");
  await expect(projects.filter({ hasText: kept.title })).toHaveCount(0);

  await page.getByRole("button", { name: `Delete ${gone.title} forever` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete it for good, with its media? This cannot be undone.");
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(toast(page)).toContainText("Project deleted successfully!");
  await expect(projects.filter({ hasText: gone.title })).toHaveCount(0);
  expect(
    (await page.request.post(`/api/projects/${gone.id}/restore`, { headers: origin })).status(),
  ).toBe(404);

  await page.getByRole("button", { name: "Restore Trashed section" }).click();
  await expect(toast(page)).toContainText("Section restored successfully!");
  await page.goto(`/sections/${host.id}`);
  await expect(page.getByRole("heading", { name: "Trashed section" })).toBeVisible();
  await page.goto("/");
  await expect(card(page, kept.title)).toBeVisible();
  await deleteProjectViaApi(page, kept.id);
  await deleteProjectViaApi(page, host.id);
});

test("a second tab's stale save shows the 409 message and overwrites nothing", async ({
  page,
  context,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Two tabs"),
    category: "Illustration",
  });
  const other = await context.newPage();
  const openEdit = async (tab: Page) => {
    await tab.goto("/");
    // The dialog reads the stored project (and its version) when it opens.
    const loaded = tab.waitForResponse(
      (r) => r.url().endsWith(`/api/projects/${project.id}`) && r.request().method() === "GET",
    );
    await card(tab, project.title)
      .getByRole("button", { name: `Edit ${project.title}` })
      .click();
    await loaded;
    const dialog = tab.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const first = await openEdit(page);
  const second = await openEdit(other);

  await second.getByLabel("Title").fill(`${project.title} from tab two`);
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(other)).toContainText("Project updated successfully!");

  await first.getByLabel("Title").fill(`${project.title} from tab one`);
  await first.getByRole("button", { name: "Save Changes" }).click();
  await expect(first.getByRole("alert")).toHaveText(
    "This project was changed elsewhere. Reload to see the latest version.",
  );
  await expectInViewport(first.getByRole("alert"), "the stale-save message");
  const stored = await page.request.get(`/api/projects/${project.id}`);
  expect(((await stored.json()) as { data: { title: string } }).data.title).toBe(
    `${project.title} from tab two`,
  );
  await other.close();
  await deleteProjectViaApi(page, project.id);
});
