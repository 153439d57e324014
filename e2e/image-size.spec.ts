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
 * docs/spec.md §2: an image alone on its row (the full layout, a one-image grid) is never drawn
 * wider than its own pixels: a small file stays sharp, centred, instead of being stretched soft.
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

async function addSection(page: Page, title: string, layout: string, width: number) {
  const png = await sharp({
    create: { width, height: Math.round(width * 0.625), channels: 3, background: "#6a8caf" },
  })
    .png()
    .toBuffer();
  const response = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: String(test.info().project.use.baseURL) },
    multipart: {
      title,
      layout,
      resources: { name: `${title}.png`, mimeType: "image/png", buffer: png },
    },
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
