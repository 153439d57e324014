import { expect, test, type Page } from "@playwright/test";
import { SHOWCASE } from "./fixtures/data";
import { expectImagesDecoded } from "./helpers/layout";
import { FULL_BROWSER } from "./helpers/browser";

// Layout shifts counted as in a visitor's browser (e2e/helpers/browser.ts).
test.use({ launchOptions: FULL_BROWSER });

/*
 * While a cover or a section image is on its way, its box shows the blurred
 * preview stored with it, not a flat grey box; nothing moves when the file arrives (CLS 0), and
 * the preview is gone once the file is drawn (a transparent PNG never shows it behind). The seed
 * stores images the way a site made before placeholders did: the server's background fill (5 s
 * after start-up) gives them theirs, which these tests wait for.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// The first test waits for the background fill (5 s after start-up) on a loaded machine.
test.setTimeout(240_000);

/** The gallery's first cover once its placeholder has been filled in and the page re-rendered. */
async function waitForPlaceholders(page: Page, path: string, selector: string) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.locator(selector).count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
}

/** Holds back every optimized image and /media file until `release` is called. */
async function holdImages(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Not /_next/static/media/ (the fonts): only the pictures are held.
  await page.route(/\/_next\/image\?|^https?:\/\/[^/]+\/media\//, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

type Shift = { value: number; cards: number; header: number; nodes: string[] };

/** The page's layout shifts so far (the Layout Instability API, buffered), with what moved. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Shift>((resolve) => {
        const shift: Shift = { value: 0, cards: 0, header: 0, nodes: [] };
        type Entry = PerformanceEntry & { value: number; sources: { node: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Entry[]) {
            shift.value += entry.value;
            for (const { node } of entry.sources) {
              const element = node instanceof Element ? node : node?.parentElement;
              if (element?.closest("[data-testid=project-card], [data-testid=image-grid]"))
                shift.cards += 1;
              if (element?.closest("header")) shift.header += 1;
              shift.nodes.push(element?.outerHTML.slice(0, 120) ?? "?");
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shift), 500);
      }),
  );

test("a loading gallery shows each card's blurred preview, then the cover, without a shift", async ({
  page,
}) => {
  await waitForPlaceholders(page, "/", "[data-testid=project-card] img[data-blur]");
  const release = await holdImages(page);
  // Not "load": that waits for the held images.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const cover = page.locator("[data-testid=project-card] img").first();
  // Held back: the card draws the stored preview (a data: URL), not its grey background.
  await expect(cover).toHaveAttribute("data-blur", "");
  const background = await cover.evaluate((img) => getComputedStyle(img).backgroundImage);
  expect(background).toMatch(/^url\("data:image\/webp;base64,/);
  expect(await cover.evaluate((img) => (img as HTMLImageElement).complete)).toBe(false);
  // Bytes each card adds to the HTML: its placeholder's data URL (reported in the merge notes).
  const sizes = await page
    .locator("[data-testid=project-card] img[data-blur]")
    .evaluateAll((all) => all.map((img) => (img as HTMLElement).style.backgroundImage.length));
  console.log(`placeholder style bytes per card: ${sizes.join(", ")}`);
  expect(Math.max(...sizes)).toBeLessThan(400);
  // The preview fills a box already sized as the cover will be.
  const loadingBox = (await cover.boundingBox())!;
  expect(loadingBox.width).toBeGreaterThan(100);
  expect(loadingBox.height).toBeGreaterThan(50);

  release();
  await expect
    .poll(() => cover.evaluate((img) => (img as HTMLImageElement).complete), { timeout: 60_000 })
    .toBe(true);
  // Loaded: the preview is dropped, so nothing shows through a transparent cover.
  await expect
    .poll(() => cover.evaluate((img) => getComputedStyle(img).backgroundImage))
    .toBe("none");
  await expectImagesDecoded(cover);
  expect(await cover.boundingBox()).toEqual(loadingBox);
  const shift = await layoutShift(page);
  console.log(`gallery layout shift: ${shift.value} from ${JSON.stringify(shift.nodes)}`);
  // No card or image moves when its file arrives (the boxes are sized before it), nor the header's
  // text when the web font arrives: its fallback face is sized to it (here Liberation Sans, as
  // Arial is missing). Other text may move by a fraction of a pixel (glyph widths differ a little).
  expect(shift.cards).toBe(0);
  expect(shift.header).toBe(0);
  expect(shift.value).toBeLessThan(0.001);
});

test("a project page's images show their previews while loading, and nothing shifts", async ({
  page,
}) => {
  const path = `/sections/${SHOWCASE.id}`;
  // The stored preview as the image's own background, held until its file is drawn.
  const blurred = "[data-testid=image-grid] img[data-blur]";
  await waitForPlaceholders(page, path, blurred);
  const release = await holdImages(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  const first = page.locator("[data-testid=image-grid] img").first();
  expect(await first.evaluate((img) => getComputedStyle(img).backgroundImage)).toContain(
    "data:image/webp;base64",
  );
  const loadingBox = (await first.boundingBox())!;
  expect(loadingBox.width).toBeGreaterThan(100);
  expect(loadingBox.height).toBeGreaterThan(50);
  release();
  await expect
    .poll(() => first.evaluate((img) => (img as HTMLImageElement).complete), { timeout: 60_000 })
    .toBe(true);
  await expect
    .poll(() => first.evaluate((img) => getComputedStyle(img).backgroundImage))
    .toBe("none");
  // No image moves, nor the header's text when the web font replaces its fallback.
  const shift = await layoutShift(page);
  expect(shift.cards).toBe(0);
  expect(shift.header).toBe(0);
  expect(shift.value).toBeLessThan(0.001);
});
