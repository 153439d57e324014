import { expect, type Page } from "@playwright/test";

/**
 * Brings every image of the page in: scrolls through it so lazy images start as a visitor's would,
 * then waits until each has arrived (the server encodes a width the first time it is asked for).
 */
export async function loadAllImages(page: Page, scope = "main img"): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(
      () =>
        page
          .locator(scope)
          .evaluateAll((all) =>
            all.every(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      { timeout: 90_000 },
    )
    .toBe(true);
}

/**
 * Asks the image optimizer for WebP rather than AVIF: which width the browser picks does not
 * depend on the format, and the server encodes WebP many times faster than AVIF.
 */
export async function preferWebp(page: Page): Promise<void> {
  await page
    .context()
    .route("**/_next/image?*", (route) =>
      route.continue({ headers: { ...route.request().headers(), accept: "image/webp,*/*" } }),
    );
}
