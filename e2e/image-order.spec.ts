import { expect, test, type Locator, type Page } from "@playwright/test";
import { dndLiveRegion, pickUpByKeyboard } from "./helpers/keyboard-sort";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { addSectionWithImages, storedImageAlts } from "./helpers/section-images";
import { expectImagesDecoded, expectNoHorizontalOverflow } from "./helpers/layout";

signInOwnerForFile("image-order");
test.describe.configure({ timeout: 120_000 });

/**
 * docs/spec.md §2: the stored images of a section are dragged into order in the Edit Section form
 * (keyboard, announced; mouse); Save Changes stores that order (`existingImages`).
 */

async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect(page.locator("[data-dragging]")).toHaveCount(1);
  await page.mouse.up();
}

test("the owner drags stored images into order; the saved order is what the page shows", async ({
  page,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Image order"),
    category: "Illustration",
  });
  try {
    const sectionId = await addSectionWithImages(page, project.id, "Frames", [
      "Frame 1",
      "Frame 2",
      "Frame 3",
    ]);
    await page.goto(`/editsectionpage/${sectionId}`);
    const current = page.getByRole("list", { name: "Current images" });
    const alts = () =>
      current
        .getByTestId("current-image")
        // The picture itself, not the crops drawn beside its focal point.
        .getByTestId("focal-point")
        .locator("img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("alt")));
    await expect.poll(alts).toEqual(["Frame 1", "Frame 2", "Frame 3"]);

    // Keyboard: image 3 (second row) up to the first place, each step announced.
    const live = dndLiveRegion(page);
    await pickUpByKeyboard(page, "Reorder image 3", "Picked up image 3, at position 3 of 3");
    await page.keyboard.press("ArrowUp");
    await expect(live).toContainText("image 3 moved to position 1 of 3");
    await page.keyboard.press("Space");
    await expect(live).toContainText("image 3 dropped at position 1 of 3");
    await expect.poll(alts).toEqual(["Frame 3", "Frame 1", "Frame 2"]);
    // Nothing is saved before Save Changes.
    expect(await storedImageAlts(page, sectionId)).toEqual(["Frame 1", "Frame 2", "Frame 3"]);
    await expectImagesDecoded(current.locator("img"));
    await expectNoHorizontalOverflow(page, "the section form");

    // Mouse: image 3 (Frame 2) onto image 2 (Frame 1).
    await dragWithMouse(
      page,
      page.getByRole("button", { name: "Reorder image 3" }),
      current.getByRole("listitem").nth(1),
    );
    await expect.poll(alts).toEqual(["Frame 3", "Frame 2", "Frame 1"]);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(new RegExp(`/sections/${project.id}$`));
    await expect(toast(page)).toBeVisible();
    const tiles = page.getByTestId("image-grid").locator("img");
    await expect(tiles).toHaveCount(3);
    expect(
      await tiles.evaluateAll((images) => images.map((image) => image.getAttribute("alt"))),
    ).toEqual(["Frame 3", "Frame 2", "Frame 1"]);
    expect(await storedImageAlts(page, sectionId)).toEqual(["Frame 3", "Frame 2", "Frame 1"]);

    // The form opens in the saved order.
    await page.goto(`/editsectionpage/${sectionId}`);
    await expect.poll(alts).toEqual(["Frame 3", "Frame 2", "Frame 1"]);
  } finally {
    await deleteProjectViaApi(page, project.id);
  }
});
