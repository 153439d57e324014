import { expect, test, type Page } from "@playwright/test";
import { LAYOUTS_PROJECT } from "./fixtures/data";
import { loadAllImages, preferWebp } from "./helpers/images";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { FULL_BROWSER } from "./helpers/browser";

// Layout shifts counted as in a visitor's browser (e2e/helpers/browser.ts).
test.use({ launchOptions: FULL_BROWSER });

/*
 * docs/spec.md §2: the natural and full layouts show every image uncropped at its own aspect ratio
 * (±2 %), natural rows are justified (equally tall, filling the content width), nothing moves
 * while images arrive (CLS 0), and the viewer opens from them.
 */
const path = `/sections/${LAYOUTS_PROJECT.id}`;

type Shown = {
  layout: string;
  top: number;
  left: number;
  right: number;
  height: number;
  box: number;
  file: number;
};

async function shownImages(page: Page): Promise<Shown[]> {
  return page.locator("[data-layout] img").evaluateAll((all) =>
    (all as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect();
      return {
        layout: img.closest("[data-layout]")!.getAttribute("data-layout")!,
        top: Math.round(box.top + window.scrollY),
        left: box.left,
        right: box.right,
        height: box.height,
        box: box.width / box.height,
        file: img.naturalWidth / img.naturalHeight,
      };
    }),
  );
}

for (const width of [375, 1440]) {
  test(`natural and full layouts show each image uncropped at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: { cookies: [], origins: [] },
    });
    const page = await context.newPage();
    await preferWebp(page);
    // Layout shifts from the first paint on, as Lighthouse counts them: the header's text too, whose
    // fallback face is sized to the web font (Liberation Sans here, where Arial is missing).
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    await loadAllImages(page);

    const images = await shownImages(page);
    const expected = LAYOUTS_PROJECT.sections.reduce((sum, s) => sum + s.imageCount, 0);
    expect(images).toHaveLength(expected);
    expect(new Set(images.map((image) => image.layout))).toEqual(new Set(["natural", "full"]));
    for (const image of images) {
      // The box has the file's shape: object-fit has nothing to crop.
      expect(Math.abs(image.box / image.file - 1), JSON.stringify(image)).toBeLessThanOrEqual(0.02);
    }

    const content = await page.locator("article header").evaluate((header) => {
      const box = header.parentElement!.getBoundingClientRect();
      const style = getComputedStyle(header.parentElement!);
      return {
        left: box.left + parseFloat(style.paddingLeft),
        right: box.right - parseFloat(style.paddingRight),
      };
    });
    const rows = new Map<number, Shown[]>();
    for (const image of images) rows.set(image.top, [...(rows.get(image.top) ?? []), image]);
    const cap = 0.85 * 900;
    let capped = 0;
    for (const row of rows.values()) {
      for (const image of row) expect(image.height).toBeCloseTo(row[0]!.height, 0);
      const alone = row.length === 1 && (content.right - content.left) / row[0]!.box > cap + 1;
      if (alone) {
        // Alone on its row and taller than 85 % of the window at the content width (a 4:5
        // portrait at 1440 px): drawn 85 % of the window tall, centred.
        capped += 1;
        expect(row[0]!.height).toBeCloseTo(cap, 0);
        expect(row[0]!.left - content.left).toBeCloseTo(content.right - row[0]!.right, 0);
        continue;
      }
      // Justified: a row spans the content width, and its images are equally tall.
      expect(row[0]!.left).toBeCloseTo(content.left, 0);
      expect(row.at(-1)!.right).toBeCloseTo(content.right, 0);
      if (width === 375 || row[0]!.layout === "full") expect(row).toHaveLength(1);
    }
    if (width === 1440) {
      // 3 natural → 2 + 1, 5 natural → 3 + 2, 2 full → 1 + 1.
      expect([...rows.values()].map((row) => row.length)).toEqual([2, 1, 3, 2, 1, 1]);
      // The second full image is the 4:5 portrait.
      expect(capped).toBe(1);
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    await expectNoHorizontalOverflow(page, `the project page at ${width} px`);

    // The viewer opens from a natural image and closes back to it.
    const first = page
      .getByRole("button", { name: /^View full screen: Field Notes: Market/ })
      .first();
    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();
    await context.close();
  });
}
