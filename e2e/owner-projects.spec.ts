import { expect, test } from "@playwright/test";
import {
  addProjectThroughForm,
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { makePng, MB, png } from "./helpers/owner-media";

signInOwnerForFile("projects");

test.describe("Add New Project", () => {
  test("requires every field with the spec's text and keeps what was typed", async ({ page }) => {
    await openOwnerPage(page, "/addproject");
    await expect(page.getByRole("heading", { level: 1, name: "Add New Project" })).toBeVisible();
    await page.getByLabel("Title").fill("Half done");
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(toast(page, "error")).toHaveText(/Please fill in all Feilds !/);
    await expect(page.getByTestId("form-error")).toHaveText("Please fill in all Feilds !");
    await expect(page.getByLabel("Title")).toHaveValue("Half done");
    await expect(page).toHaveURL(/\/addproject$/);
  });

  test("offers the five categories, with Frame by Frame written as the site shows it", async ({
    page,
  }) => {
    await openOwnerPage(page, "/addproject");
    const options = page.getByLabel("Category").locator("option:not([value=''])");
    await expect(options).toHaveText([
      "Photography",
      "Illustration",
      "Motion Design",
      "Frame-by-Frame",
      "Assets & Tools",
    ]);
    await expect(page.getByLabel("Category").locator("option[value='Frame by Frame']")).toHaveCount(
      1,
    );
  });

  test("shows the server's reason when the cover is refused, keeping the form filled", async ({
    page,
  }) => {
    await openOwnerPage(page, "/addproject");
    // A text file named like an image: the browser lets it through, the server reads the bytes.
    await page.getByLabel("Cover image").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not an image at all"),
    });
    await page.getByLabel("Title").fill("Refused cover");
    await page.getByLabel("Role").fill("Animation");
    await page.getByLabel("Category").selectOption("Motion Design");
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(toast(page, "error")).toContainText("Invalid file type: fake.png");
    await expect(page).toHaveURL(/\/addproject$/);
    await expect(page.getByLabel("Title")).toHaveValue("Refused cover");
    await expect(page.getByLabel("Category")).toHaveValue("Motion Design");
    // The refusal stays on the form until the owner picks another file, then it no longer applies.
    const formError = page.getByTestId("form-error");
    await expect(formError).toHaveText("Invalid file type: fake.png");
    await page.getByLabel("Cover image").setInputFiles({
      name: "real.png",
      mimeType: "image/png",
      buffer: makePng({ size: 1000 }),
    });
    await expect(page.getByAltText("Preview of the chosen cover")).toBeVisible();
    await expect(formError).toHaveText("");
  });

  test("checks the cover in the browser first, at the 5 MB limit", async ({ page }) => {
    await openOwnerPage(page, "/addproject");
    const cover = page.getByLabel("Cover image");
    await cover.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: makePng({ size: 5 * MB + 1 }),
    });
    await expect(page.getByText("File too large: huge.png")).toBeVisible();
    await expect(cover).toHaveAttribute("aria-invalid", "true");
    await cover.setInputFiles({
      name: "cover.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF"),
    });
    await expect(page.getByText("Invalid file type: cover.pdf")).toBeVisible();
    await cover.setInputFiles({
      name: "exact.png",
      mimeType: "image/png",
      buffer: makePng({ size: 5 * MB }),
    });
    await expect(page.getByText(/File too large|Invalid file type/)).toHaveCount(0);
    await expect(page.getByAltText("Preview of the chosen cover")).toBeVisible();
  });

  test("falls back to 'Failed to add project' when the server gives no reason", async ({
    page,
  }) => {
    await page.route("**/api/projects", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, body: "Bad gateway", contentType: "text/html" })
        : route.fallback(),
    );
    await openOwnerPage(page, "/addproject");
    await page.getByLabel("Cover image").setInputFiles(png("cover.png"));
    await page.getByLabel("Title").fill("Gateway down");
    await page.getByLabel("Role").fill("Animation");
    await page.getByLabel("Category").selectOption("Illustration");
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(toast(page, "error")).toContainText("Failed to add project");
    await expect(page.getByRole("button", { name: "Add Project" })).toBeEnabled();
    await expect(page.getByLabel("Title")).toHaveValue("Gateway down");
  });

  test("previews the cover, then goes on to add a section of the new project", async ({ page }) => {
    await openOwnerPage(page, "/addproject");
    await page.getByLabel("Cover image").setInputFiles(png("cover.png"));
    await expect(page.getByAltText("Preview of the chosen cover")).toBeVisible();
    const project = await addProjectThroughForm(page);
    await expect(toast(page)).toHaveText(/Project added successfully!/);
    await expect(page.getByRole("heading", { level: 1, name: "Add New Section" })).toBeVisible();
    await expect(
      page.getByText(`To “${project.title}”. Fill in at least one field.`),
    ).toBeVisible();
    await deleteProjectViaApi(page, project.id);
  });
});

test.describe("project card owner controls", () => {
  test("Edit updates the card in place; the modal validates, traps focus and closes on Escape", async ({
    page,
  }) => {
    const project = await addProjectThroughForm(page);
    await page.goto("/");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const card = page.getByTestId("project-card").filter({ hasText: project.title });
    const edit = card.getByRole("button", { name: `Edit ${project.title}` });
    await edit.click();

    const dialog = page.getByRole("dialog", { name: `Edit ${project.title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue(project.title);
    await expect(dialog.getByLabel("Role")).toHaveValue("Direction");
    await expect(dialog.getByLabel("Category")).toHaveValue("Illustration");
    await expect(dialog.getByLabel("Cover image")).toHaveAttribute("accept", "image/*");
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      await expect
        .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
        .toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.press("Enter");
    await dialog.getByLabel("Title").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all fields!");

    const renamed = uniqueTitle("Renamed");
    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByLabel("Category").selectOption("Frame by Frame");
    await dialog
      .getByLabel("Cover image")
      .setInputFiles(png("new-cover.png", { rgb: [20, 90, 200] }));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toHaveText(/Project updated successfully!/);
    await expect(dialog).toBeHidden();
    const renamedCard = page.getByTestId("project-card").filter({ hasText: renamed });
    await expect(renamedCard).toContainText("Frame-by-Frame");
    await expect(page.getByTestId("project-card").filter({ hasText: project.title })).toHaveCount(
      0,
    );
    // Same document: the card changed without a page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await deleteProjectViaApi(page, project.id);
  });

  test("Delete asks first: Cancel keeps the card, confirming removes it", async ({ page }) => {
    const project = await addProjectThroughForm(page);
    await page.goto("/");
    const card = page.getByTestId("project-card").filter({ hasText: project.title });
    const remove = card.getByRole("button", { name: `Delete ${project.title}` });

    await remove.click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this project?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(card).toBeVisible();

    await remove.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText(/Project deleted successfully!/);
    await expect(card).toHaveCount(0);
    await expect(page.locator("#main")).toBeFocused();
    await page.reload();
    await expect(page.getByTestId("project-card").filter({ hasText: project.title })).toHaveCount(
      0,
    );
  });

  test("a failed delete keeps the card and says why", async ({ page }) => {
    const project = await addProjectThroughForm(page);
    await page.goto("/");
    const card = page.getByTestId("project-card").filter({ hasText: project.title });

    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, body: "" })
        : route.fallback(),
    );
    await card.getByRole("button", { name: `Delete ${project.title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "error")).toContainText("Failed to delete project");
    await expect(card).toBeVisible();

    await page.unroute(`**/api/projects/${project.id}`);
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === "DELETE" ? route.abort("connectionreset") : route.fallback(),
    );
    await card.getByRole("button", { name: `Delete ${project.title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "error")).toContainText(
      "An unexpected error occurred while deleting the project.",
    );
    await expect(card).toBeVisible();
    await page.unroute(`**/api/projects/${project.id}`);
    await deleteProjectViaApi(page, project.id);
  });

  test("toasts are announced and vanish after 3 seconds", async ({ page }) => {
    await openOwnerPage(page, "/addproject");
    // Timed in the page, so a slow test runner cannot shorten or stretch what the visitor sees.
    await page.evaluate(() => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = document.querySelector('[data-type="error"]') !== null;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: "Add Project" }).click();
    const error = toast(page, "error");
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute("role", "alert");
    await expect(error).toBeHidden({ timeout: 6000 });
    const { shown, hidden } = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; hidden: number } }).toastTimes,
    );
    expect(hidden - shown).toBeGreaterThanOrEqual(2900);
    expect(hidden - shown).toBeLessThan(3500);

    const project = await addProjectThroughForm(page);
    const success = toast(page);
    await expect(success).toHaveAttribute("role", "status");
    await expect(success).toHaveClass(/bg-green/);
    await expect(success).toBeHidden({ timeout: 4000 });
    await deleteProjectViaApi(page, project.id);
  });

  test("visitors see no owner controls", async ({ browser }) => {
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await visitor.newPage();
    await page.goto("/");
    await expect(page.getByTestId("project-card").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
    await visitor.close();
  });
});
