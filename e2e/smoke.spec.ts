import { expect, test } from "@playwright/test";

test("home page renders with the shared header and footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  const homeLink = header.getByRole("link").first();
  await expect(homeLink).toHaveAttribute("href", "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
});
