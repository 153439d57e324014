import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Brings every image of the page in: scrolls through it a screen at a time so lazy images start as
 * a visitor's would (each step waits for the frame after it to be drawn, when the browser has seen
 * which images came near), then waits until each has arrived (the server encodes a width the first
 * time it is asked for).
 */
export async function loadAllImages(page: Page, scope = "main img"): Promise<void> {
  const [height, screen] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    window.innerHeight,
  ]);
  for (let y = 0; y < height; y += screen) {
    await page.evaluate(
      (top) =>
        new Promise((drawn) => {
          window.scrollTo(0, top);
          requestAnimationFrame(() => requestAnimationFrame(drawn));
        }),
      y,
    );
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

/** A stored PNG still as the image optimizer serves it (the URL an `<img>` loaded). */
const OPTIMIZED_STILL = /\/_next\/image\?url=%2Fmedia%2F[0-9a-f]{32}\.png&w=\d+&q=75$/;

/**
 * Waits for a still drawn from the optimizer's srcset to load, then checks it is sharp and not
 * oversized: the width asked of the optimizer covers the pixels drawn, within one srcset step (a
 * srcset image's naturalWidth is scaled to its slot, so not that). Returns the URL it loaded.
 */
export async function expectStillSizedForScreen(still: Locator): Promise<string> {
  await expect
    .poll(() => still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const { source, requested, drawn } = await still.evaluate((image: HTMLImageElement) => ({
    source: image.currentSrc,
    requested: Number(new URL(image.currentSrc).searchParams.get("w")),
    drawn: image.getBoundingClientRect().width * devicePixelRatio,
  }));
  expect(source).toMatch(OPTIMIZED_STILL);
  expect(requested).toBeGreaterThanOrEqual(drawn);
  expect(requested).toBeLessThanOrEqual(drawn * 1.5);
  return source;
}
