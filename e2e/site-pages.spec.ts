import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PROJECTS, SETTINGS, SHOWCASE, VIMEO_ID } from "./fixtures/data";

/**
 * Scrolls through the page so lazy images load, then waits until every image in `main` has
 * loaded and the fonts are in, before the page is checked as a whole. It waits for what the checks
 * look at, with its own time limit, not for network idle, which any other request (a looping cover
 * video's) holds off: on a slow day one wait for idle outlasted the whole test.
 */
async function loadEverything(page: Page, timeout = 60_000) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(
      () =>
        page
          .locator("main img")
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
      { timeout, message: "every image in main has loaded" },
    )
    .toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test("About shows the portrait, biography and a mailto link", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  const portrait = page.getByRole("img", { name: `Portrait of ${SETTINGS.ownerName}` });
  await expect(portrait).toBeVisible();
  await expect
    .poll(() => portrait.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  for (const paragraph of SETTINGS.biography.split("\n\n")) {
    await expect(page.getByText(paragraph)).toBeVisible();
  }
  await expect(page.getByRole("link", { name: /Get in touch/ })).toHaveAttribute(
    "href",
    `mailto:${SETTINGS.contactEmail}`,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({
    "@type": "Person",
    name: SETTINGS.ownerName,
    email: `mailto:${SETTINGS.contactEmail}`,
  });
});

test("Reel shows a 16:9 poster and loads the player only when asked to", async ({ page }) => {
  await page.goto("/reel");
  const play = page.getByRole("button", { name: "Play the showreel" });
  const poster = (await play.boundingBox())!;
  expect(poster.width / poster.height).toBeCloseTo(16 / 9, 1);
  await expect(page.locator("iframe")).toHaveCount(0);

  await play.focus();
  await page.keyboard.press("Enter");
  const frame = page.getByTitle(`Showreel of ${SETTINGS.ownerName}`);
  await expect(frame).toHaveAttribute(
    "src",
    `https://player.vimeo.com/video/${VIMEO_ID}?dnt=1&autoplay=1`,
  );
  await expect(frame).toBeFocused();
  const box = (await frame.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
});

test("sitemap.xml lists every page and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/", "/about", "/reel", ...PROJECTS.map((p) => `/sections/${p.id}`)]) {
    expect(sitemap).toContain(`<loc>${new URL(path, baseURL).toString()}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).toString()}`);
  expect(robots).toContain("Disallow: /dashboard");
});

test("home describes the owner as a Person for search engines", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(SETTINGS.ownerName);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({
    "@type": "Person",
    name: SETTINGS.ownerName,
    sameAs: Object.values(SETTINGS.socials),
  });
});

test.describe("accessibility (axe)", () => {
  for (const path of ["/", `/sections/${SHOWCASE.id}`, "/about", "/reel", "/signin"]) {
    test(`no violations on ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      test.skip(
        path === "/signin" && response?.status() === 404,
        "the sign-in page comes from the auth branch",
      );
      await loadEverything(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target) })),
      ).toEqual([]);
    });
  }
});
