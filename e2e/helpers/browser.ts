import { expect, type Locator } from "@playwright/test";

/** Chromium's flags here: no sandbox (root), no GPU, nothing fetched by the browser on its own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * The specs' browser: Chromium's headless shell (Debian's chromium-headless-shell), which runs the
 * same specs on about a third less CPU than the full browser. CHROMIUM_PATH picks another build.
 */
export const SPEC_BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * The full browser, for the checks of layout shifts: the headless shell paints its first frame
 * before a page's web fonts arrive where the full browser does not, so the font swap that follows
 * moves text the full browser had never drawn in the fallback face.
 */
export const FULL_BROWSER = { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS };

/**
 * Waits until React has hydrated the element (it then carries React's fiber): a form submitted
 * before that is the browser's own post, not the page's script.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))),
    )
    .toBe(true);
}
