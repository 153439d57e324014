import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers/browser";
import { BROKEN_PROJECT, EMPTY_PROJECT, PROJECTS, SHOWCASE, VIMEO_ID } from "./fixtures/data";

const showcase = `/sections/${SHOWCASE.id}`;
const FIXTURE_IDS = PROJECTS.map((p) => p.id);
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const viewer = (page: Page) => page.getByRole("dialog", { name: "Image viewer" });

test.describe("project page", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("lists the sections in order with their titles and descriptions", async ({ page }) => {
    await page.goto(showcase);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWCASE.title);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(
      SHOWCASE.sections.map((s) => s.title),
    );
    for (const section of SHOWCASE.sections) {
      await expect(region(page, section.title)).toContainText(section.description);
    }
  });

  test("lays images out by count: 1, 2, 2×2 with a wide third, 2×2, three columns", async ({
    page,
  }) => {
    await page.goto(showcase);
    const layout = async (title: string) =>
      region(page, title)
        .getByTestId("image-grid")
        .locator("li")
        .evaluateAll((items) =>
          items.map((item) => {
            const { x, y, width } = item.getBoundingClientRect();
            return { x: Math.round(x), y: Math.round(y), width: Math.round(width) };
          }),
        );
    const columnsOfFirstRow = (boxes: { y: number }[]) =>
      boxes.filter((b) => b.y === boxes[0]!.y).length;

    const one = await layout("Opening frame");
    expect(one).toHaveLength(1);

    const two = await layout("Palette");
    expect(columnsOfFirstRow(two)).toBe(2);

    const three = await layout("Storyboard");
    expect(columnsOfFirstRow(three)).toBe(2);
    expect(three[2]!.y).toBeGreaterThan(three[0]!.y);
    expect(three[2]!.x).toBe(three[0]!.x);
    expect(three[2]!.width).toBeGreaterThan(three[0]!.width * 2);

    const four = await layout("Character turns");
    expect(columnsOfFirstRow(four)).toBe(2);
    expect(new Set(four.map((b) => b.y)).size).toBe(2);
    expect(four[3]!.width).toBe(four[0]!.width);

    const five = await layout("Style frames");
    expect(columnsOfFirstRow(five)).toBe(3);
    expect(new Set(five.map((b) => b.y)).size).toBe(2);
    // The second row's two tiles fill it: no hole at its end, as tall as the row above.
    const right = (box: { x: number; width: number }) => box.x + box.width;
    expect(right(five[4]!)).toBe(right(five[2]!));
    expect(five[3]!.x).toBe(five[0]!.x);
    const heights = await region(page, "Style frames")
      .getByTestId("image-grid")
      .locator("li")
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    expect(heights[3]).toBe(heights[0]);

    // Every image has alternative text.
    await expect(page.locator("main img:not([alt])")).toHaveCount(0);
  });

  test("the viewer closes with the X button, the backdrop and Escape, restoring focus", async ({
    page,
  }) => {
    await page.goto(showcase);
    const opener = region(page, "Palette").getByRole("button").first();

    await opener.click();
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page).getByRole("img")).toHaveAttribute(
      "alt",
      "Tidal Loops: Palette, image 1",
    );
    await viewer(page).getByRole("button", { name: "Close image viewer" }).click();
    await expect(viewer(page)).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(viewer(page)).toBeVisible();
    await page.mouse.click(8, 450);
    await expect(viewer(page)).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(viewer(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the viewer moves between images with the arrow keys and keeps focus inside", async ({
    page,
  }) => {
    await page.goto(showcase);
    await region(page, "Style frames").getByRole("button").nth(1).click();
    const dialog = viewer(page);
    const image = dialog.getByRole("img");
    await expect(dialog).toContainText("2 / 5");
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toContainText("3 / 5");
    await expect(image).toHaveAttribute("alt", "Tidal Loops: Style frames, image 3");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toContainText("5 / 5");
    await expect(image).toHaveAttribute("alt", "Tidal Loops: Style frames, image 5");

    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dialog).toContainText("1 / 5");
  });

  test("a Vimeo section embeds the privacy-friendly player; an upload plays in a video element", async ({
    page,
    request,
  }) => {
    await page.goto(showcase);
    const vimeo = region(page, "Final film");
    const frame = vimeo.locator("iframe");
    // Nothing loads from Vimeo until the visitor presses play; then the player takes the focus.
    await expect(frame).toHaveCount(0);
    // Its code is a chunk of its own: a press before it hydrates is the server's inert button.
    const play = vimeo.getByRole("button", { name: "Play the video" });
    // Before the scripts run, a press opens the film on vimeo.com instead (not lost).
    await expect(play).toHaveAttribute("href", `https://vimeo.com/${VIMEO_ID}`);
    await expect(play).toHaveAttribute("target", "_blank");
    await expect(play).toHaveAttribute("rel", "noopener noreferrer");
    await waitForHydration(play);
    await play.click();
    await expect(frame).toHaveAttribute(
      "src",
      `https://player.vimeo.com/video/${VIMEO_ID}?dnt=1&autoplay=1`,
    );
    await expect(frame).toHaveAttribute("title", "Final film (Vimeo video)");
    await expect(frame).toBeFocused();
    await expect(vimeo.locator("video")).toHaveCount(0);

    const upload = region(page, "Behind the scenes");
    const video = upload.locator("video");
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("preload", "metadata");
    await expect(upload.locator("iframe")).toHaveCount(0);
    const src = await video.getAttribute("src");
    expect(src).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
    const response = await request.get(src!);
    expect(response.headers()["content-type"]).toBe("video/mp4");
  });

  test("the scroll-to-top button appears after 100 px and scrolls back up", async ({ page }) => {
    await page.goto(showcase);
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 3000));
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test("an empty project says so", async ({ page }) => {
    await page.goto(`/sections/${EMPTY_PROJECT.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EMPTY_PROJECT.title);
    await expect(page.getByText("No sections available for this project.")).toBeVisible();
    await expect(page.getByTestId("project-section")).toHaveCount(0);
  });

  test("previous and next links follow the full list's order", async ({ page }) => {
    // Fourteen project pages, each rendered for the first time: about 26 s on a slow machine, past
    // the default 30 s once a retry's browser start is counted.
    test.setTimeout(90_000);
    await page.goto(`/sections/${PROJECTS[0]!.id}`);
    const pager = page.getByRole("navigation", { name: "More projects" });
    await expect(pager.getByRole("link", { name: /Previous project/ })).toHaveCount(0);
    for (let i = 1; i < PROJECTS.length; i++) {
      await pager.getByRole("link", { name: /Next project/ }).click();
      await expect(page).toHaveURL(`/sections/${PROJECTS[i]!.id}`);
      if (PROJECTS[i] === BROKEN_PROJECT) {
        await page.goto(`/sections/${PROJECTS[i + 1]!.id}`);
        i++;
      }
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PROJECTS[i]!.title);
      await expect(pager.getByRole("link", { name: /Previous project/ })).toContainText(
        PROJECTS[i - 1]!.title,
      );
    }
    // Projects added by other specs sharing the server come after the fixtures in list order.
    const after = pager.getByRole("link", { name: /Next project/ });
    if (await after.count())
      expect(FIXTURE_IDS).not.toContain((await after.getAttribute("href"))!.split("/").pop());
  });

  test("unknown projects and pages get a 404 page", async ({ page }) => {
    for (const path of [
      "/sections/0123456789abcdef01234567",
      "/sections/not-an-id",
      "/no-such-page",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "See all work" })).toHaveAttribute("href", "/");
    }
  });

  test("a project whose sections cannot be loaded shows the failure message", async ({ page }) => {
    await page.goto(`/sections/${BROKEN_PROJECT.id}`);
    await expect(page.getByRole("alert").filter({ hasText: "Failed" })).toHaveText(
      "Failed to fetch sections. Please try again later.",
    );
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("shares with the project's cover and describes it for search engines", async ({ page }) => {
    await page.goto(showcase);
    await expect(page).toHaveTitle(new RegExp(`^${SHOWCASE.title}`));
    const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
    expect(await meta('meta[property="og:title"]')).toBe(SHOWCASE.title);
    expect(await meta('meta[property="og:image"]')).toMatch(
      /^http:\/\/localhost:\d+\/media\/[0-9a-f]{32}\.jpg$/,
    );
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await meta('meta[name="twitter:image"]')).toMatch(/\/media\/[0-9a-f]{32}\.jpg$/);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(ld).toMatchObject({
      "@type": "CreativeWork",
      name: SHOWCASE.title,
      genre: SHOWCASE.category,
    });
  });
});
