import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";
import { expectImagesDecoded } from "./helpers/layout";

/**
 * docs/spec.md §2: in every layout an image is never drawn wider than its own pixels: a small file
 * stays sharp, centred, instead of being stretched soft.
 */
signInOwnerForFile("image-size");

let project: CreatedProject;

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Small scans"),
    category: "Illustration",
  });
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});

/** A section of PNGs of the given sizes ([width, height], or a width at 16:10). */
async function addSection(
  page: Page,
  title: string,
  layout: string,
  ...sizes: (number | [number, number])[]
) {
  const files = await Promise.all(
    sizes.map(async (size, index) => {
      const [width, height] = typeof size === "number" ? [size, Math.round(size * 0.625)] : size;
      const buffer = await sharp({
        create: { width, height, channels: 3, background: "#6a8caf" },
      })
        .png()
        .toBuffer();
      return { name: `${title}-${index}.png`, mimeType: "image/png", buffer };
    }),
  );
  const form = new FormData();
  form.set("title", title);
  form.set("layout", layout);
  for (const file of files)
    form.append("resources", new Blob([file.buffer], { type: file.mimeType }), file.name);
  const response = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: String(test.info().project.use.baseURL) },
    multipart: form,
  });
  expect(response.status()).toBe(201);
}

/** Each image button's drawn width and how far it sits from the column's centre. */
async function drawn(page: Page) {
  return page.getByRole("button", { name: /^View full screen/ }).evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      const column = button.closest('[data-testid="image-grid"]')!.getBoundingClientRect();
      return {
        width: Math.round(box.width),
        offCentre: Math.abs(box.left + box.width / 2 - (column.left + column.width / 2)),
        column: Math.round(column.width),
      };
    }),
  );
}

test("a small image alone on its row is drawn at most at its own width, centred", async ({
  page,
}) => {
  await addSection(page, "Full small", "full", 480);
  await addSection(page, "Grid small", "grid", 400);
  await addSection(page, "Full large", "full", 2400);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/sections/${project.id}`);
  await expectImagesDecoded(page.locator("article img"));
  const [fullSmall, gridSmall, fullLarge] = await drawn(page);
  expect(fullSmall!.column).toBeGreaterThan(900);
  expect(fullSmall!.width).toBe(480);
  expect(fullSmall!.offCentre).toBeLessThan(1);
  expect(gridSmall!.width).toBe(400);
  expect(gridSmall!.offCentre).toBeLessThan(1);
  // A large file still fills the column.
  expect(fullLarge!.width).toBe(fullLarge!.column);

  // On a phone the column is narrower than the file: it fills the column.
  await page.setViewportSize({ width: 375, height: 812 });
  const [phoneSmall] = await drawn(page);
  expect(phoneSmall!.width).toBe(phoneSmall!.column);
});

/** Each section image's drawn box, its tile's width and how far it sits from the tile's centre. */
async function pictures(page: Page) {
  return page.locator("[data-testid=image-grid] img").evaluateAll((images) =>
    images.map((image) => {
      const box = image.getBoundingClientRect();
      const tile = image.parentElement!.getBoundingClientRect();
      const column = image.closest('[data-testid="image-grid"]')!.getBoundingClientRect();
      return {
        width: Math.round(box.width),
        height: Math.round(box.height),
        top: Math.round(box.top),
        left: box.left,
        right: box.right,
        tile: Math.round(tile.width),
        offCentre: Math.abs(box.left + box.width / 2 - (tile.left + tile.width / 2)),
        columnCentre: column.left + column.width / 2,
      };
    }),
  );
}

test("in a grid tile or a row of several, a small file is drawn at most at its own size", async ({
  page,
}) => {
  // Two grid tiles (4:3, about 538 px wide at 1440 px): a 240 px scan beside a large picture.
  await addSection(page, "Grid pair", "grid", [240, 160], 1600);
  // A justified row: a 400 × 300 scan beside a 2400 × 1500 photograph.
  await addSection(page, "Row pair", "natural", [400, 300], [2400, 1500]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/sections/${project.id}`);
  await expectImagesDecoded(page.locator("article img"));
  const [gridSmall, gridLarge, rowSmall, rowLarge] = await pictures(page);
  // The scan at its own size, centred on its tile; the large picture still covers its tile.
  expect(gridSmall).toMatchObject({ width: 240, height: 160 });
  expect(gridSmall!.tile).toBeGreaterThan(500);
  expect(gridSmall!.offCentre).toBeLessThan(1);
  expect(gridLarge!.width).toBe(gridLarge!.tile);
  // The row is as tall as the scan (300 px), both pictures equally tall and whole, the row centred
  // in the column instead of stretching the scan to fill it.
  expect(rowSmall).toMatchObject({ width: 400, height: 300 });
  expect(rowLarge).toMatchObject({ width: 480, height: 300 });
  expect(rowLarge!.top).toBe(rowSmall!.top);
  const rowCentre = (rowSmall!.left + rowLarge!.right) / 2;
  expect(Math.abs(rowCentre - rowSmall!.columnCentre)).toBeLessThan(1);

  // The full-screen viewer shows the scan at its own size too, centred on its stage.
  await page
    .getByRole("button", { name: /^View full screen/ })
    .first()
    .click();
  const shown = page.getByRole("dialog").locator("img");
  await expectImagesDecoded(shown);
  const [viewed, stage] = await shown.evaluate((image) =>
    [image, image.parentElement!].map((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      return { x: left + width / 2, y: top + height / 2, width, height };
    }),
  );
  expect([Math.round(viewed!.width), Math.round(viewed!.height)]).toEqual([240, 160]);
  expect(stage!.width).toBeGreaterThan(1000);
  expect(Math.abs(viewed!.x - stage!.x)).toBeLessThan(1);
  expect(Math.abs(viewed!.y - stage!.y)).toBeLessThan(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // On a phone each picture of the row is alone on its line: the scan fills the 335 px column (it
  // is wider), the grid's scan stays 240 px wide.
  await page.setViewportSize({ width: 375, height: 812 });
  const phone = await pictures(page);
  expect(phone[0]).toMatchObject({ width: 240, height: 160 });
  expect(phone[2]!.width).toBe(335);
  expect(phone[3]!.width).toBe(335);
});
