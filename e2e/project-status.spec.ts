import { expect, test } from "@playwright/test";
import {
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";
import { expectInViewport, expectNoHorizontalOverflow } from "./helpers/layout";
import { waitForHydration } from "./helpers/browser";

// Several browsers and full page loads each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });
signInOwnerForFile("project-status");

/** docs/spec.md §11: drafts and protected projects, as the owner and visitors. */

test("a draft: marked Draft for the owner, absent for a signed-out browser", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Draft");
  await openOwnerPage(page, "/addproject");
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Illustration");
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await page.getByLabel("Status").selectOption("draft");
  await expect(page.getByText("Only you see it; visitors get a 404.")).toBeVisible();
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;

  // The dashboard marks it.
  await page.goto("/dashboard");
  const row = page.getByTestId("dashboard-project").filter({ hasText: title });
  await expect(row.getByTestId("status-badge")).toHaveText("Draft");

  // Its page, for the owner: the badge and "View as visitor".
  await page.goto(`/sections/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const badge = page.getByTestId("status-badge");
  await expect(badge).toHaveText("Draft");
  await badge.scrollIntoViewIfNeeded();
  await expectInViewport(badge, "the Draft badge");
  await page.getByRole("link", { name: "View as visitor" }).click();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "View as owner" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A second, signed-out browser: 404, and nowhere in the gallery or search.
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  const response = await visitor.goto(`/sections/${id}`);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.goto("/");
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.goto(`/?q=${encodeURIComponent(title)}`);
  await expect(visitor.getByText(title, { exact: true })).toHaveCount(0);
  await visitorContext.close();
  await deleteProjectViaApi(page, id);
});

test("a protected project: the password form, a wrong then the right password", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Protected");
  await openOwnerPage(page, "/addproject");
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Motion Design");
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;

  // Made protected from the dashboard's Edit: the password field comes with the status.
  await page.goto("/dashboard");
  const row = page.getByTestId("dashboard-project").filter({ hasText: title });
  await row.getByRole("button", { name: `Edit details of ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
  await expect(dialog.getByLabel("Status")).toHaveValue("published");
  await expect(dialog.getByLabel("Password for visitors")).toHaveCount(0);
  await dialog.getByLabel("Status").selectOption("protected");
  const secret = dialog.getByLabel("Password for visitors");
  await secret.fill("short");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "A protected project needs a password of at least 8 characters",
  );
  await secret.fill("ink-and-paper");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toHaveText(/Project updated successfully!/);
  await expect(row.getByTestId("status-badge")).toHaveText("Protected");

  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/sections/${id}`);
  await expect(visitor.getByRole("heading", { name: "This project is protected" })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const field = visitor.getByLabel("Password");
  await expectInViewport(field, "the password field");
  await expectNoHorizontalOverflow(visitor, "the password form");

  // Keyboard only: focus the field, type, Enter (once the page's script has taken the form over).
  await waitForHydration(field);
  await field.focus();
  await visitor.keyboard.type("wrong-password");
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByText("Wrong password. Please try again.").first()).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectInViewport(
    visitor.getByText("Wrong password. Please try again.").first(),
    "the wrong-password message",
  );

  await field.fill("ink-and-paper");
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "This project is protected" })).toHaveCount(0);

  // Without JavaScript the browser posts the form itself: the password stays out of the URL, and
  // the right one opens the project all the same.
  const noScript = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    javaScriptEnabled: false,
  });
  const plain = await noScript.newPage();
  await plain.goto(`/sections/${id}`);
  await plain.getByLabel("Password").fill("wrong-password");
  await plain.getByRole("button", { name: "View project" }).click();
  await expect(plain.getByRole("heading", { name: "This project is protected" })).toBeVisible();
  await plain.getByLabel("Password").fill("ink-and-paper");
  await plain.getByRole("button", { name: "View project" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(plain.url()).toMatch(new RegExp(`/sections/${id}$`));
  await noScript.close();

  // Another signed-out browser still gets the form.
  const otherContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await otherContext.newPage();
  await other.goto(`/sections/${id}`);
  await expect(other.getByRole("heading", { name: "This project is protected" })).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await otherContext.close();
  await visitorContext.close();
  await deleteProjectViaApi(page, id);
});
