import { expect, type Page } from "@playwright/test";

/** dnd-kit's live region, where each keyboard step is announced in words. */
export const dndLiveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Focuses an item's Reorder handle, picks it up with `key` and waits for the announcement and for
 * dnd-kit to listen to the arrow keys. Its keyboard sensor adds that listener in a timer after the
 * pick-up is announced, and Chromium runs input before timers: an arrow pressed as soon as the
 * announcement shows could arrive first and be lost (a CI run waited 5 s for a move that never
 * came). A timer queued after it runs after it.
 */
export async function pickUpByKeyboard(
  page: Page,
  handleName: string,
  announcement: string,
  key: "Space" | "Enter" = "Space",
): Promise<void> {
  await page.getByRole("button", { name: handleName }).focus();
  await page.keyboard.press(key);
  await expect(dndLiveRegion(page)).toContainText(announcement);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
