import { expect, test, type CDPSession, type Locator, type Page } from "@playwright/test";
import { desktopSpans } from "@/components/gallery/grid-rows";
import { CATEGORIES } from "@/lib/domain";
import { PROJECTS, SETTINGS, SHOWCASE } from "./fixtures/data";
import { loadAllImages, preferWebp } from "./helpers/images";
import { expectInViewport, expectNoHorizontalOverflow, expectWithinWidth } from "./helpers/layout";

const showcase = `/sections/${SHOWCASE.id}`;
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const viewer = (page: Page) => page.getByRole("dialog", { name: "Image viewer" });
const caption = (page: Page) => viewer(page).getByTestId("viewer-caption");

type ApiProject = {
  title: string;
  role: string;
  category: string;
  client: string;
  summary: string;
};

/**
 * Gallery URLs showing 1, 2, … cards: a search (as the gallery matches it, on title, role,
 * category, client and summary) and perhaps a category, found from the projects the server holds now (other specs may add some).
 */
function galleryViewsByCount(projects: ApiProject[], upTo: number): Map<number, string> {
  // What the search looks in (app/(site)/(home)/gallery-view.tsx).
  const text = (p: ApiProject) =>
    [p.title, p.role, p.category, p.client, p.summary].join("\n").toLowerCase();
  const needles = new Set<string>();
  for (const project of projects) {
    const words = text(project);
    for (let i = 0; i < words.length; i++)
      for (let length = 1; length <= 3; length++) {
        const needle = words.slice(i, i + length);
        if (needle.length === length && needle.trim() === needle && !needle.includes("\n"))
          needles.add(needle);
      }
  }
  const views = new Map<number, string>();
  for (const category of ["all", ...CATEGORIES]) {
    const inCategory = projects.filter((p) => category === "all" || p.category === category);
    for (const needle of needles) {
      const count = inCategory.filter((p) => text(p).includes(needle)).length;
      if (count < 1 || count > upTo || views.has(count)) continue;
      const params = new URLSearchParams({ q: needle });
      if (category !== "all") params.set("category", category);
      views.set(count, `/?${params}`);
    }
  }
  return views;
}

/** The cards' boxes, grouped into rows by their top edge. */
async function rowsOf(cards: Locator) {
  const boxes = await cards.evaluateAll((items) =>
    items.map((item) => {
      const { left, right, top } = item.getBoundingClientRect();
      return { left, right, top: Math.round(top) };
    }),
  );
  const rows = new Map<number, { left: number; right: number }[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  return [...rows.values()];
}

/**
 * The shapes a grid's last row can take, each with the first of `counts` (grid sizes) that ends
 * in it: on desktop (4 columns) each last row that components/gallery/grid-rows.ts deals, on
 * tablets (2 columns) a lone card, an odd number (the first card leads, two columns wide) or an
 * even one; phones (1 column) lay out every size alike.
 * components/gallery/grid-spans.test.ts checks the spans of every size from 1 to 100.
 */
function lastRowShapes(counts: number[]): Map<string, number> {
  const shapes = new Map<string, number>();
  for (const count of [...counts].sort((a, b) => a - b)) {
    const spans = desktopSpans(count);
    let start = spans.length;
    for (let columns = 0; columns < 4;) columns += spans[--start]!;
    const tablet = count === 1 ? "lone" : count % 2 ? "odd" : "even";
    for (const shape of [`desktop ${spans.slice(start)}`, `tablet ${tablet}`])
      if (!shapes.has(shape)) shapes.set(shape, count);
  }
  return shapes;
}

test("the gallery's last row has no empty column, for every shape it can take", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const projects = (
    (await (await page.request.get("/api/projects")).json()) as {
      data: ApiProject[];
    }
  ).data;
  const upTo = Math.min(projects.length, 14);
  const views = galleryViewsByCount(projects, upTo);
  const shapes = lastRowShapes([...views.keys()]);
  // Every shape of the grids of 1 to `upTo` cards has a view: six desktop last rows, three tablet.
  const all = lastRowShapes(Array.from({ length: upTo }, (_, i) => i + 1));
  expect([...shapes.keys()].sort()).toEqual([...all.keys()].sort());
  expect(shapes.size).toBe(9);
  const counts = [...new Set(shapes.values())];
  for (const count of counts) {
    const url = views.get(count)!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url);
    const cards = page.getByTestId("project-card");
    await expect(cards, url).toHaveCount(count);
    // The grid's columns follow the window's width: one page load serves the three layouts.
    for (const width of [1440, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const grid = (await page.getByRole("list", { name: "Projects" }).boundingBox())!;
      const rows = await rowsOf(cards);
      const last = rows.at(-1)!;
      const where = `${count} cards at ${width} px (${url})`;
      // The row starts at the grid's left edge, ends at its right edge, with no gap but the gutters.
      expect(Math.min(...last.map((b) => b.left)), where).toBeCloseTo(grid.x, 0);
      expect(Math.max(...last.map((b) => b.right)), where).toBeCloseTo(grid.x + grid.width, 0);
      const filled = last.reduce((sum, b) => sum + b.right - b.left, 0) + (last.length - 1) * 12;
      expect(filled, where).toBeCloseTo(grid.width, 0);
    }
  }
});

test.describe("viewer", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /** Where a click lands just outside the drawn picture, on each side of it. */
  async function aroundPicture(page: Page) {
    const image = viewer(page).getByRole("img");
    await loadAllImages(page, "dialog img");
    const { box, shape } = await image.evaluate((img: HTMLImageElement) => ({
      box: img.getBoundingClientRect().toJSON() as DOMRect,
      shape: img.naturalWidth / img.naturalHeight,
    }));
    // object-contain: the picture fills the box's width or its height, centred in it.
    const width = Math.min(box.width, box.height * shape);
    const height = width / shape;
    const left = box.x + (box.width - width) / 2;
    const top = box.y + (box.height - height) / 2;
    const [x, y] = [left + width / 2, top + height / 2];
    return {
      picture: { x, y },
      above: { x, y: top - 6 },
      below: { x, y: top + height + 6 },
      left: { x: left - 6, y },
      right: { x: left + width + 6, y },
    };
  }

  test("closes on a click anywhere around a wide and a tall picture, not on the picture", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await preferWebp(page);
    await page.goto(showcase);
    // Palette: image 1 is wide (1600×1000), image 2 tall (1200×1500).
    for (const [index, shape] of [
      [0, "wide"],
      [1, "tall"],
    ] as const) {
      const opener = region(page, "Palette").getByRole("button").nth(index);
      let points: Awaited<ReturnType<typeof aroundPicture>> | undefined;
      for (const side of ["above", "below", "left", "right"] as const) {
        await opener.click();
        await expect(viewer(page)).toBeVisible();
        // The picture opens where it was drawn the first time: measured once per picture.
        points ??= await aroundPicture(page);
        await page.mouse.click(points.picture.x, points.picture.y);
        await expect(viewer(page), `${shape}: a click on the picture`).toBeVisible();
        await page.mouse.click(points[side].x, points[side].y);
        await expect(viewer(page), `${shape}: a click ${side} the picture`).toBeHidden();
        await expect(opener).toBeFocused();
      }
    }
  });

  test("the caption line shows the alternative text, and the section's video follows its images", async ({
    page,
  }) => {
    const walkCycle = PROJECTS.find((p) => p.title === "Walk Cycle Study")!;
    await page.goto(`/sections/${walkCycle.id}`);
    await region(page, "Keys").getByRole("button").nth(3).click();
    await expect(viewer(page)).toContainText("4 / 5");
    await expect(caption(page)).toHaveText("Walk Cycle Study: Keys, image 4");
    await expect(viewer(page).getByRole("img")).toHaveAttribute(
      "alt",
      "Walk Cycle Study: Keys, image 4",
    );

    await page.keyboard.press("ArrowRight");
    await expect(viewer(page)).toContainText("5 / 5");
    const video = viewer(page).locator("video");
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\.mp4$/);
    await expect(caption(page)).toHaveText("Keys (video)");
    await expect(viewer(page).getByRole("img")).toHaveCount(0);
    // A click on the video is for its controls; beside it, the viewer closes.
    await video.click();
    await expect(viewer(page)).toBeVisible();

    await viewer(page).getByRole("button", { name: "Next image" }).click();
    await expect(viewer(page)).toContainText("1 / 5");
    await expect(caption(page)).toHaveText("Walk Cycle Study: Keys, image 1");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer(page).locator("video")).toHaveCount(1);
    await page.mouse.click(720, 20);
    await expect(viewer(page)).toBeHidden();
  });
});

/** A one-finger horizontal swipe across the screen, as a touch screen sends it. */
async function swipe(cdp: CDPSession, from: number, to: number, y: number) {
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from) });
  for (let step = 1; step <= 6; step++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: point(from + ((to - from) * step) / 6),
    });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("viewer on a touch screen", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("a swipe left shows the next image, a swipe right the previous one", async ({ page }) => {
    await page.goto(showcase);
    await region(page, "Style frames").getByRole("button").first().tap();
    await expect(viewer(page)).toContainText("1 / 5");
    const cdp = await page.context().newCDPSession(page);

    await swipe(cdp, 320, 60, 400);
    await expect(viewer(page)).toContainText("2 / 5");
    await expect(caption(page)).toHaveText("Tidal Loops: Style frames, image 2");
    await swipe(cdp, 320, 60, 400);
    await expect(viewer(page)).toContainText("3 / 5");
    await swipe(cdp, 60, 320, 400);
    await expect(viewer(page)).toContainText("2 / 5");
    // A short or mostly vertical movement is not a swipe.
    await swipe(cdp, 200, 185, 400);
    await expect(viewer(page)).toContainText("2 / 5");
    await expect(viewer(page)).toBeVisible();
  });
});

test("an unknown address answers 404 inside the site's header and footer", async ({ page }) => {
  for (const path of ["/no-such-page", "/a/b/c", "/gallery/nowhere"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: SETTINGS.ownerName })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await expect(page.getByRole("contentinfo")).toContainText(SETTINGS.ownerName);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  }
});

test("About describes the owner for search engines in one line", async ({ page }) => {
  await page.goto("/about");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description).toMatch(/^I design motion and draw pictures for studios/);
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(description).not.toMatch(/\n/);
  expect(description).toMatch(/\w…$/);
});

test("a search that finds nothing says so, with the words searched for", async ({ page }) => {
  await page.goto("/?q=zeppelin");
  await expect(page.getByTestId("project-card")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No projects match “zeppelin”" })).toBeVisible();
  await expect(page.getByText("Nothing here yet")).toHaveCount(0);
  // The same within a category.
  await page.goto(`/?category=${encodeURIComponent("Photography")}&q=zeppelin`);
  await expect(page.getByRole("heading", { name: "No projects match “zeppelin”" })).toBeVisible();
});

test("the gallery, a project page and the viewer fit the screen at 375 and 1440 px, every image decoded", async ({
  page,
}) => {
  // Loads every image of two long pages in full at two widths: the optimizer encodes each width
  // the first time it is asked for, on a machine the owner's specs share.
  test.setTimeout(180_000);
  await preferWebp(page);
  const loaded = () => loadAllImages(page, "img:visible");
  const resize = (width: number) =>
    page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
  // One load of each page serves both widths: the layout follows the window as it is resized.
  for (const [name, path] of [
    ["the gallery", "/"],
    ["the showcase project", showcase],
  ] as const) {
    await resize(375);
    await page.goto(path);
    for (const width of [375, 1440]) {
      await resize(width);
      await loaded();
      await expectNoHorizontalOverflow(page, `${name} at ${width} px`);
      await expectWithinWidth(page.locator("main img"), `${name}'s images at ${width} px`);
    }
  }
  for (const width of [1440, 375]) {
    await resize(width);
    await region(page, "Palette").getByRole("button").nth(1).click();
    await loaded();
    // The tall picture is drawn whole inside the screen, its caption too.
    await expectInViewport(viewer(page).getByRole("img"), `the viewer's picture at ${width} px`);
    await expectInViewport(caption(page), `the viewer's caption at ${width} px`);
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toBeHidden();
  }
});
