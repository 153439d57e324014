import { expect, type Locator, type Page } from "@playwright/test";

/**
 * What a screenshot of a page was meant to show, asserted: nothing wider than the screen (no
 * horizontal scrolling), every matched element inside the screen's width, every matched image
 * decoded to real pixels, one box covering another.
 */

/** Nothing on the page is wider than the viewport: it does not scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page, what = "the page"): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(0);
}

/** Every element `locator` matches (visible or not) lies within the viewport's width. */
export async function expectWithinWidth(locator: Locator, what = "element"): Promise<void> {
  const outside = await locator.evaluateAll((elements) => {
    const width = document.documentElement.clientWidth;
    return elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`,
      );
  });
  expect(outside, `${what} within the screen's width`).toEqual([]);
}

/** Every image `images` matches has arrived and decoded (naturalWidth > 0), not a broken icon. */
export async function expectImagesDecoded(images: Locator, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      () =>
        images.evaluateAll((all) =>
          all
            .filter(
              (img) =>
                !((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
            )
            .map((img) => (img as HTMLImageElement).currentSrc || img.getAttribute("src")),
        ),
      { timeout, message: "every image loaded and decoded" },
    )
    .toEqual([]);
}

/** `outer`'s box covers `inner`'s (within a pixel): e.g. a video drawn over its still. */
export async function expectCovers(outer: Locator, inner: Locator, what = "box"): Promise<void> {
  const [a, b] = [(await outer.boundingBox())!, (await inner.boundingBox())!];
  expect(a, `${what}: shown`).not.toBeNull();
  expect(a.x, what).toBeLessThanOrEqual(b.x + 1);
  expect(a.y, what).toBeLessThanOrEqual(b.y + 1);
  expect(a.x + a.width, what).toBeGreaterThanOrEqual(b.x + b.width - 1);
  expect(a.y + a.height, what).toBeGreaterThanOrEqual(b.y + b.height - 1);
}

/** The element is drawn inside the viewport (not scrolled away, not clipped by the screen's edges). */
export async function expectInViewport(locator: Locator, what = "element"): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what}: shown`).not.toBeNull();
  const { width, height } = locator.page().viewportSize()!;
  expect(box!.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, `${what}: right edge on screen`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom edge on screen`).toBeLessThanOrEqual(height + 0.5);
}

/** While a drag is under way, the dragged row has followed the pointer: its handle is under it. */
export async function expectDraggedUnder(page: Page, y: number): Promise<void> {
  const handle = page.locator("[data-dragging] > button");
  await expect
    .poll(
      async () => {
        const box = await handle.boundingBox();
        return box ? Math.abs(box.y + box.height / 2 - y) : Infinity;
      },
      { message: "the dragged row follows the pointer" },
    )
    .toBeLessThanOrEqual(24);
}
