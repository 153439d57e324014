import { expect, test, type Locator, type Page } from "@playwright/test";
import { ROW_TEMPLATES } from "@/components/gallery/grid-rows";
import { GALLERY_PAGE_SIZE } from "@/lib/site/gallery-pages";
import { PROJECTS, SETTINGS } from "./fixtures/data";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { signInAsOwner } from "./helpers/owner";

const cards = (page: Page) => page.getByTestId("project-card");
const cardTitles = (page: Page) =>
  cards(page).locator("[data-testid=card-caption] > span:first-child");

const FIXTURE_TITLES = new Set(PROJECTS.map((p) => p.title));

/**
 * Card titles on the page. Specs share one server and earlier ones (owner*) may have added
 * projects; those are newer than the seeded fixtures, so they can only come first.
 */
async function shownTitles(page: Page) {
  const titles = await cardTitles(page).allTextContents();
  const fixtures = titles.filter((title) => FIXTURE_TITLES.has(title));
  const extra = titles.length - fixtures.length;
  expect(titles.slice(extra), "projects added by other specs are newer").toEqual(fixtures);
  return { titles, fixtures };
}

/** Cards on a gallery's first page: its newest projects, at most a page's worth. */
const firstPage = (count: number) => Math.min(count, GALLERY_PAGE_SIZE);

const countIn = async (link: ReturnType<Page["getByRole"]>) =>
  Number((await link.locator("span").textContent())?.trim());

test.describe("home gallery", () => {
  test("shows the owner's name, tagline and the projects newest first", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SETTINGS.ownerName);
    await expect(page.getByText(SETTINGS.tagline)).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const { fixtures } = await shownTitles(page);
    expect(fixtures).toEqual(PROJECTS.map((p) => p.title).toReversed());
    const newest = PROJECTS.at(-1)!;
    await expect(cards(page).filter({ hasText: newest.title }).getByRole("link")).toHaveAttribute(
      "href",
      `/sections/${newest.id}`,
    );
  });

  test("filter links show counts, live in the URL and filter the cards", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Categories" });
    await expect(nav.getByRole("link")).toHaveText([
      /^All\s*\d+$/,
      /^Motion Design\s*\d+$/,
      /^Illustration\s*\d+$/,
      /^Assets & Tools\s*\d+$/,
    ]);
    const all = nav.getByRole("link", { name: /^All/ });
    await expect(all).toHaveAttribute("aria-current", "page");
    // Heard as words ("All, 15 projects"), not run together ("All15").
    await expect(all).toHaveAccessibleName(/^All, \d+ projects$/);
    const total = await countIn(all);
    expect(total).toBeGreaterThanOrEqual(PROJECTS.length);
    await expect(cards(page)).toHaveCount(firstPage(total));

    for (const category of ["Motion Design", "Illustration", "Assets & Tools"] as const) {
      const expected = PROJECTS.filter((p) => p.category === category).toReversed();
      const link = nav.getByRole("link", { name: new RegExp(`^${category}`) });
      const count = await countIn(link);
      expect(count).toBeGreaterThanOrEqual(expected.length);
      await link.click();
      await expect(page).toHaveURL(
        `/?category=${encodeURIComponent(category).replace(/%20/g, "+")}`,
      );
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(cards(page)).toHaveCount(firstPage(count));
      const { fixtures } = await shownTitles(page);
      expect(fixtures).toEqual(expected.map((p) => p.title));
    }

    // A shared link works on its own, without client-side navigation.
    await page.goto("/?category=Illustration");
    await expect(cards(page)).toHaveCount(
      firstPage(await countIn(nav.getByRole("link", { name: /^Illustration/ }))),
    );
    expect((await shownTitles(page)).fixtures).toContain("Paper Birds");
    await all.click();
    await expect(page).toHaveURL("/");
    await expect(cards(page)).toHaveCount(firstPage(total));

    // A category the default filter bar does not offer shows every project, with All current.
    await page.goto("/?category=Photography");
    await expect(all).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(firstPage(total));
  });

  test("on a phone the work comes first: the first card starts in the top 40 % of the screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const first = (await cards(page).first().boundingBox())!;
    expect(first.y).toBeLessThanOrEqual(812 * 0.4);
    // The filters stay on one row that scrolls sideways, rather than wrapping over several.
    const nav = page.getByRole("navigation", { name: "Categories" });
    const tops = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await nav.getByRole("list").evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(
      true,
    );
    const last = nav.getByRole("link").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalOverflow(page, "the home page at 375 px");
    // A filter far along the row opens scrolled into view, with the page itself at the top.
    await page.goto("/?category=Assets+%26+Tools");
    await expect(nav.getByRole("link", { name: /^Assets & Tools/ })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the gallery is in the page itself: it shows without JavaScript, with no placeholder", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of ["/", "/?category=Illustration"]) {
      await page.goto(url);
      await expect(cards(page).first()).toBeVisible();
      expect(await cards(page).count()).toBeGreaterThan(0);
      await expect(page.getByText("Loading projects ...")).toHaveCount(0);
    }
    await context.close();
  });

  test("a filter click shows the placeholder grid until the next view arrives", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(cards(page).first()).toBeVisible();
    // Hold the Illustration view's payload (prefetch and navigation) so the wait is visible.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.searchParams.get("category") === "Illustration" && url.searchParams.has("_rsc"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const nav = page.getByRole("navigation", { name: "Categories" });
    const illustration = nav.getByRole("link", { name: /^Illustration/ });
    await illustration.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Loading projects ..." }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    release();
    await expect(page).toHaveURL("/?category=Illustration");
    await expect(illustration).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(firstPage(await countIn(illustration)));
    await expect(page.getByText("Loading projects ...")).toHaveCount(0);
  });

  test("the header search finds titles, roles and categories, in the URL, within the category viewed", async ({
    page,
  }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Search projects" });
    await search.fill("loops");
    await search.press("Enter");
    await expect(page).toHaveURL("/?q=loops");
    await expect(cardTitles(page)).toHaveText(["Tidal Loops"]);
    await expect(search).toHaveValue("loops");

    await page.goto("/?q=typography");
    await expect(cardTitles(page)).toHaveText(["Type in Motion"]);

    // A category's name finds its projects, as the cards are labelled.
    await page.goto("/?q=assets");
    await expect(cardTitles(page)).toHaveText(["Grain & Noise Pack", "Brush Kit Vol. 1"]);

    // A search from a category's view stays in it, and Clear search goes back to that view.
    await page.goto("/?category=Illustration");
    await search.fill("i");
    await search.press("Enter");
    await expect(page).toHaveURL("/?category=Illustration&q=i");
    const found = await cardTitles(page).allTextContents();
    expect(found.length).toBeGreaterThan(1);
    expect(found).toContain("Paper Birds");
    expect(found).not.toContain("Tidal Loops");
    expect(found).not.toContain("Desert Light");
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL("/?category=Illustration");

    await page.goto("/?q=zeppelin");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No projects match “zeppelin”" })).toBeVisible();
    await page.getByRole("link", { name: "Show all projects" }).click();
    await expect(page).toHaveURL("/");
    expect((await shownTitles(page)).fixtures).toHaveLength(PROJECTS.length);
  });

  /**
   * A slow device or connection: the page's HTML is there and its search box takes the focus and
   * text while the scripts are still on their way (held until `run` is done with the box), then
   * React swaps in its own box: `run`'s box is gone from the page.
   */
  async function beforeTheScripts(page: Page, run: (search: Locator) => Promise<void>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const script = (url: URL) =>
      url.pathname.startsWith("/_next/static/chunks/") && url.pathname.endsWith(".js");
    await page.route(script, async (route) => {
      await held;
      await route.continue();
    });
    const search = page.getByRole("searchbox", { name: "Search projects" });
    try {
      // Not "domcontentloaded": that waits for the page's scripts.
      await page.goto("/", { waitUntil: "commit" });
      const shell = await search.elementHandle();
      await run(search);
      release();
      await expect.poll(() => shell!.evaluate((box) => box.isConnected)).toBe(false);
    } finally {
      release();
    }
    return search;
  }

  test("what a visitor types into the search box before the scripts run is kept", async ({
    page,
  }) => {
    const search = await beforeTheScripts(page, async (box) => {
      await box.click();
      await page.keyboard.type("loo");
    });
    await expect(search).toHaveValue("loo");
    await expect(search).toBeFocused();
    await page.keyboard.type("ps");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/?q=loops");
    await expect(cardTitles(page)).toHaveText(["Tidal Loops"]);
  });

  test("a visitor already in the empty search box keeps the focus when the scripts run", async ({
    page,
  }) => {
    const search = await beforeTheScripts(page, (box) => box.focus());
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("");
    await page.keyboard.type("loops");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/?q=loops");
  });

  test("cards follow the five row templates on a 4-column desktop grid", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const grid = await page.getByRole("list", { name: "Projects" }).boundingBox();
    const boxes = await cards(page).evaluateAll((items) =>
      items.map((item) => {
        const { x, y, width } = item.getBoundingClientRect();
        return { x, y, width };
      }),
    );
    const column = (grid!.width - 3 * 12) / 4;
    const rows = new Map<number, number[]>();
    for (const box of boxes) {
      const spans = rows.get(Math.round(box.y)) ?? [];
      spans.push(Math.round((box.width + 12) / (column + 12)));
      rows.set(Math.round(box.y), spans);
    }
    const templates = [...rows.values()];
    expect(templates.slice(0, 5)).toEqual(ROW_TEMPLATES.map((row) => [...row]));
    // Every row is filled, the last one too, and never by one card stretched across all four.
    for (const row of templates) expect(row.reduce((sum, span) => sum + span)).toBe(4);
    expect(templates.at(-1)).not.toEqual([4]);

    // A lone card (a search with one result) keeps a picture's shape, not a banner's.
    await page.goto(`/?q=${encodeURIComponent("Desert Light")}`);
    await expect(cards(page)).toHaveCount(1);
    const lone = (await cards(page).boundingBox())!;
    expect(lone.width / lone.height).toBeLessThan(2);
  });

  test("a card reveals title and category on hover and on keyboard focus, and opens the project", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    // The two newest fixtures, next to each other in the grid.
    const first = cards(page).filter({ hasText: PROJECTS.at(-1)!.title });
    const second = cards(page).filter({ hasText: PROJECTS.at(-2)!.title });
    const caption = (card: typeof first) => card.getByTestId("card-caption");
    await expect(caption(first)).toHaveCSS("opacity", "0");
    await first.hover();
    await expect(caption(first)).toHaveCSS("opacity", "1");
    await expect(caption(first)).toContainText(`${PROJECTS.at(-1)!.title}Motion Design`);
    // Screen readers hear the title and the category as separate words.
    await expect(first.getByRole("link")).toHaveAccessibleName(
      `${PROJECTS.at(-1)!.title}, Motion Design`,
    );

    await expect(caption(second)).toHaveCSS("opacity", "0");
    await page.mouse.move(0, 0);
    await first.getByRole("link").focus();
    await page.keyboard.press("Tab");
    await expect(second.getByRole("link")).toBeFocused();
    await expect(caption(second)).toHaveCSS("opacity", "1");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/sections/${PROJECTS.at(-2)!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PROJECTS.at(-2)!.title);
  });
});

test.describe("layout", () => {
  test("the nav underlines the current page and the footer links the four profiles", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "About" })).toHaveCSS(
      "text-decoration-line",
      "underline",
    );
    await expect(nav.getByRole("link", { name: "Work" })).not.toHaveAttribute("aria-current");
    await nav.getByRole("link", { name: "Reel" }).click();
    await expect(page).toHaveURL("/reel");
    await expect(nav.getByRole("link", { name: "Reel" })).toHaveAttribute("aria-current", "page");

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SETTINGS.ownerName}`);
    for (const [name, href] of [
      ["Behance", SETTINGS.socials.behance],
      ["GitHub", SETTINGS.socials.github],
      ["Instagram", SETTINGS.socials.instagram],
      ["Dribbble", SETTINGS.socials.dribbble],
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href!);
    }
  });

  test("the skip link jumps to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("the mobile menu opens and closes at 375 px, with Escape returning focus", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await button.click();
    await expect(page.getByRole("button", { name: "Close" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(menu.getByRole("link")).toHaveText(["Work", "Reel", "About", "Contact"]);
    await menu.getByRole("link", { name: "Reel" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(menu).toBeHidden();

    await button.click();
    const search = page.locator("#mobile-menu").getByRole("searchbox", { name: "Search projects" });
    await search.fill("paper");
    await search.press("Enter");
    await expect(page).toHaveURL("/?q=paper");
    await expect(cardTitles(page)).toHaveText(["Paper Birds"]);
    await expect(menu).toBeHidden();

    // Tabbing past its last control closes it: focus never lands on what it covered.
    await button.click();
    await search.focus();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => document.activeElement?.closest("header"))).toBeNull();
  });

  test("a field reached with Shift+Tab is scrolled clear of the sticky header", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send message" }).focus();
    const name = page.getByLabel("Name");
    for (let i = 0; i < 10 && !(await name.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Shift+Tab");
    await expect(name).toBeFocused();
    const headerBottom = await page
      .locator("header")
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const top = await name.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(headerBottom);
  });
});

test("the signed-in owner gets New Project, Dashboard, Inbox, Trash and Sign Out in the header", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Work", "Reel", "About", "Contact"]);
  await signInAsOwner(page);
  await page.goto("/");
  await expect(nav.getByRole("link")).toHaveText([
    "Work",
    "Reel",
    "About",
    "Contact",
    "New Project",
    "Dashboard",
    "Inbox",
    "Trash",
    "Sign Out",
  ]);
  await nav.getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/signin");
  await page.goto("/");
  await expect(nav.getByRole("link")).toHaveText(["Work", "Reel", "About", "Contact"]);
});
