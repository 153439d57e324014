import { expect, test } from "@playwright/test";
import {
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";

signInOwnerForFile("project-details");

/** docs/spec.md §3: the owner gives a project a year, client and summary; visitors see them. */
test("the owner adds and edits year, client and summary; visitors see them in the header", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Detailed");
  await openOwnerPage(page, "/addproject");
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Illustration");
  await expect(page.getByLabel("Client (optional)")).toHaveAttribute("maxlength", "80");
  await expect(page.getByLabel("Summary (optional)")).toHaveAttribute("maxlength", "500");
  await page.getByLabel("Year (optional)").fill("2023");
  await page.getByLabel("Client (optional)").fill("Acme Films");
  await page.getByLabel("Summary (optional)").fill("A short about ink.");
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;

  await page.goto("/");
  const card = page.getByTestId("project-card").filter({ hasText: title });
  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
  const current = dialog.getByAltText(`Current cover of ${title}`);
  await expect(current).toBeVisible();
  // The stored cover itself, loaded (not a broken image).
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(dialog.getByLabel("Year (optional)")).toHaveValue("2023");
  await expect(dialog.getByLabel("Client (optional)")).toHaveValue("Acme Films");
  await expect(dialog.getByLabel("Summary (optional)")).toHaveValue("A short about ink.");

  await dialog.getByLabel("Year (optional)").fill("1899");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Year must be a whole number from 1900 to 2100",
  );
  await dialog.getByLabel("Year (optional)").fill("2024");
  await dialog.getByLabel("Client (optional)").fill("");
  await dialog.getByLabel("Summary (optional)").fill("Ink, paper and a long night.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toHaveText(/Project updated successfully!/);
  await expect(dialog).toBeHidden();

  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/sections/${id}`);
  const header = visitor.locator("article header");
  await expect(header.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(header).toContainText("2024");
  await expect(header).not.toContainText("Acme Films");
  await expect(header.getByText("Ink, paper and a long night.")).toBeVisible();
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Ink, paper and a long night.",
  );
  await visitorContext.close();

  // The client is shown with the year once it is set again.
  await card.getByRole("button", { name: `Edit ${title}` }).click();
  await dialog.getByLabel("Client (optional)").fill("Studio Nord");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/sections/${id}`);
  await expect(page.locator("article header")).toContainText("2024 · Studio Nord");
  await deleteProjectViaApi(page, id);
});
