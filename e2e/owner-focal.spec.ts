import { expect, test, type Page } from "@playwright/test";
import {
  type CreatedProject,
  createProjectViaApi,
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";
import {
  expectImagesDecoded,
  expectNoHorizontalOverflow,
  expectWithinWidth,
} from "./helpers/layout";

/*
 * docs/spec.md §2: the owner sets focal points by clicking the preview or with the arrow keys
 * (the control is a labelled slider that reads its value), the gallery card and grid tiles crop
 * around them, and stored images' alt text, focal point and order are edited in the section form.
 */
signInOwnerForFile("focal");

const created: CreatedProject[] = [];
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  for (const project of created) await deleteProjectViaApi(page, project.id);
  await page.close();
});

const objectPositionOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => getComputedStyle(img).objectPosition);

for (const width of [375, 1440]) {
  test(`cover focal point by click and keyboard, used by the gallery card at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = uniqueTitle("Focal cover");
    await openOwnerPage(page, "/addproject");
    const coverField = page.getByLabel("Cover image");
    // The form shows once the owner's session is read ("Loading…" until then).
    await expect(coverField).toBeVisible();
    const fieldTop = (await coverField.boundingBox())!.y;
    await coverField.setInputFiles(png("cover.png", { width: 400, height: 200 }));
    const focal = page.getByRole("slider", { name: "Cover focal point" });
    await expect(focal).toHaveAttribute("aria-valuetext", "50% from the left, 50% from the top");
    await expect(page.getByAltText("Preview of the chosen cover")).toBeVisible();
    // The preview opens under the field just used: the field has not moved.
    expect((await coverField.boundingBox())!.y).toBe(fieldTop);
    // Too small for the widest card on a 2× screen: said beside the field, the form still saves.
    await expect(page.getByTestId("size-warning")).toHaveText(
      /^This image is 400 px wide; the widest gallery card shows it up to [\d,]+ px wide, so it needs [\d,]+ px to look sharp on high-density \(2×\) screens\. You can still save it\.$/,
    );
    // The crops the gallery cards make, each drawn around the focal point.
    const crops = page.getByTestId("focal-crops");
    await expect(crops.locator("li")).toHaveText([
      "Phone card",
      "Narrow card",
      "Wide card",
      "Widest card",
    ]);

    // A click puts the point where it lands.
    const box = (await focal.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.75);
    await expect(focal).toHaveAttribute("aria-valuetext", "20% from the left, 75% from the top");
    // Arrow keys move it by 5 %, Shift by 1 %; the value is announced through the slider.
    await focal.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    await expect(focal).toHaveAttribute("aria-valuetext", "15% from the left, 81% from the top");
    await expect
      .poll(() =>
        crops
          .locator("img")
          .evaluateAll((images) => images.map((img) => getComputedStyle(img).objectPosition)),
      )
      .toEqual(Array(4).fill("15% 81%"));
    await expectImagesDecoded(page.getByAltText("Preview of the chosen cover"));
    await expectWithinWidth(focal, "the focal point control");
    await expectNoHorizontalOverflow(page, `the cover form at ${width} px`);

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Role").fill("Direction");
    await page.getByLabel("Category").selectOption("Illustration");
    await page.getByRole("button", { name: "Add Project" }).click();
    await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
    const project = { id: page.url().split("/").at(-1)!, title };
    created.push(project);

    await page.goto(`/?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId("project-card").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    expect(await card.locator("img").evaluate((img) => getComputedStyle(img).objectPosition)).toBe(
      "15% 81%",
    );

    // The Edit dialog reads the stored point and saves a new one.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
    const edit = dialog.getByRole("slider", { name: "Cover focal point" });
    await expect(edit).toHaveAttribute("aria-valuetext", "15% from the left, 81% from the top");
    await edit.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect(edit).toHaveAttribute("aria-valuetext", "55% from the left, 50% from the top");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toHaveText(/Project updated successfully!/);
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await expect
      .poll(() => objectPositionOf(page, `[data-testid="project-card"] img`))
      .toBe("55% 50%");
  });
}

test("stored images: alt text, focal point and order edited in the section form", async ({
  page,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Owner project"),
    category: "Illustration",
  });
  created.push(project);
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill("Tiles");
  await page
    .getByLabel(/^Add images/)
    .setInputFiles([
      png("a.png", { width: 300, height: 100 }),
      png("b.png", { width: 300, height: 100, rgb: [0, 0, 200] }),
    ]);
  // Grid tiles crop them (4:3), and 300 px is less than a tile needs on a 2× screen.
  await expect(page.getByTestId("focal-crops")).toHaveText(["Tile", "Tile"]);
  await expect(page.getByTestId("size-warning")).toHaveCount(2);
  await page.getByLabel("Alt text for a.png").fill("Image A");
  await page.getByLabel("Alt text for b.png").fill("Image B");
  // A new image's focal point, by keyboard.
  const newFocal = page.getByRole("slider", { name: "Focal point of b.png" });
  await newFocal.focus();
  await page.keyboard.press("ArrowRight");
  await expect(newFocal).toHaveAttribute("aria-valuetext", "55% from the left, 50% from the top");
  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));
  const tiles = page.getByTestId("image-grid").locator("img");
  await expect(tiles).toHaveCount(2);
  expect(await tiles.nth(1).evaluate((img) => getComputedStyle(img).objectPosition)).toBe(
    "55% 50%",
  );

  await page.getByRole("link", { name: "Edit Tiles" }).click();
  await expect(page).toHaveURL(/\/editsectionpage\/[0-9a-f]{24}$/);
  const current = page.getByRole("list", { name: "Current images" });
  await expect(current.getByAltText("Image A")).toBeVisible();
  // Move the second image up, by keyboard; the move is announced.
  const moveUp = page.getByRole("button", { name: "Move image 2 up" });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Image moved" })).toHaveText(
    "Image moved to position 1 of 2",
  );
  await expect(current.locator("img").first()).toHaveAttribute("alt", "Image B");
  await page.getByLabel("Alt text for image 2").fill("Image A, renamed");
  const focal = page.getByRole("slider", { name: "Focal point of image 2" });
  const box = (await focal.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.5);
  await expect(focal).toHaveAttribute("aria-valuetext", "10% from the left, 50% from the top");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));

  await expect(tiles.nth(0)).toHaveAttribute("alt", "Image B");
  await expect(tiles.nth(1)).toHaveAttribute("alt", "Image A, renamed");
  expect(await tiles.nth(1).evaluate((img) => getComputedStyle(img).objectPosition)).toBe(
    "10% 50%",
  );
});
