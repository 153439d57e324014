import { expect, test, type Browser, type Page } from "@playwright/test";
import { LAYOUTS_PROJECT, SHOWCASE } from "./fixtures/data";
import { loadAllImages, preferWebp } from "./helpers/images";

/*
 * Every picture on the gallery and on project pages is fetched at least as wide as it is drawn
 * on the screen's pixels (so it is sharp), and not much wider (so it does not waste bytes).
 */

const WIDTHS = [375, 768, 1440];
const RATIOS = [1, 2];
// The showcase has every grid count; the layouts project the natural and full layouts.
const PAGES = ["/", `/sections/${SHOWCASE.id}`, `/sections/${LAYOUTS_PROJECT.id}`];
/** The smallest width next.config.ts's image widths offer: smaller needs still get this one. */
const SMALLEST = 384;

type Measure = {
  src: string;
  /** The chosen srcset candidate's width (its `w` descriptor, the `w` of its URL). */
  requested: number;
  /** The width of the file as decoded. */
  natural: number;
  /** The uploaded original's width: a file cannot be sharper than that. */
  source: number;
  /** The width the picture is drawn at in CSS pixels (beyond its box when cropped by object-cover). */
  drawn: number;
};

async function open(browser: Browser, width: number, ratio: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: ratio,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await preferWebp(page);
  return { context, page };
}

/** Scrolls through the page so lazy images load, then measures every image in <main>. */
async function measureImages(page: Page, path: string): Promise<Measure[]> {
  await page.goto(path);
  await loadAllImages(page);
  const images = page.locator("main img");
  return images.evaluateAll(async (all) => {
    // A srcset image's naturalWidth is scaled by its density (width ÷ sizes): a plain image of
    // the same URL tells the file's own width.
    const widths = new Map<string, Promise<number>>();
    const fileWidth = (url: string) => {
      if (!widths.has(url)) {
        widths.set(
          url,
          new Promise((resolve) => {
            const probe = new Image();
            probe.onload = () => resolve(probe.naturalWidth);
            probe.onerror = () => resolve(0);
            probe.src = url;
          }),
        );
      }
      return widths.get(url)!;
    };
    return Promise.all(
      (all as HTMLImageElement[]).map(async (img) => {
        const url = new URL(img.currentSrc);
        const box = img.getBoundingClientRect();
        // The picture's own shape (density scaling keeps it).
        const shape = img.naturalWidth / img.naturalHeight;
        const fit = getComputedStyle(img).objectFit;
        const drawn =
          fit === "cover"
            ? Math.max(box.width, box.height * shape)
            : fit === "contain"
              ? Math.min(box.width, box.height * shape)
              : box.width;
        return {
          src: img.currentSrc,
          requested: Number(url.searchParams.get("w")),
          natural: await fileWidth(img.currentSrc),
          source: await fileWidth(url.searchParams.get("url") ?? img.currentSrc),
          drawn,
        };
      }),
    );
  });
}

for (const width of WIDTHS) {
  for (const ratio of RATIOS) {
    test(`images are sharp and not oversized at ${width} px, ${ratio}× pixels`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const { context, page } = await open(browser, width, ratio);
      for (const path of PAGES) {
        const images = await measureImages(page, path);
        expect(images.length, path).toBeGreaterThan(0);
        for (const image of images) {
          const needed = image.drawn * ratio;
          const where = `${path} ${image.src} drawn ${image.drawn.toFixed(1)} px`;
          expect(image.requested, where).toBeGreaterThan(0);
          // Sharp: the file has every pixel drawn (1 px for rounding), or all the original has.
          expect(image.natural, where).toBeGreaterThanOrEqual(
            Math.min(Math.floor(needed) - 1, image.source),
          );
          // Not oversized: at most about 1.5× the pixels drawn (the smallest width aside).
          expect(image.requested, where).toBeLessThanOrEqual(Math.max(needed * 1.5, SMALLEST));
        }
      }
      await context.close();
    });
  }
}
