import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SHOWCASE } from "./fixtures/data";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
} from "./helpers/owner-flows";
import { expectNoHorizontalOverflow, expectWithinWidth } from "./helpers/layout";

/*
 * docs/spec.md §2: the owner's appearance settings (card titles, type pairing, accent
 * colour, content width) are chosen in the settings form and seen by a signed-out visitor on the
 * home page and a project page, which fetches only the chosen pairing's fonts.
 */
signInOwnerForFile("appearance");

type Look = {
  cardTitles: string;
  typePairing: string;
  accentColor: string;
  contentWidth: string;
};

const DEFAULT_LOOK: Look = {
  cardTitles: "hover",
  typePairing: "inter",
  accentColor: "#c2410c",
  contentWidth: "standard",
};

/** Each pairing's CSS variables (app/(site)/fonts.ts): heading first, then body. */
const PAIRING_VARIABLES: Record<string, [string, string]> = {
  inter: ["--font-inter", "--font-inter"],
  editorial: ["--font-fraunces", "--font-source-sans"],
  grotesk: ["--font-space-grotesk", "--font-dm-sans"],
  classic: ["--font-playfair", "--font-lora"],
};

/** Sets the look through the API, keeping the other settings (later specs see the default look). */
async function setLook(page: Page, look: Look) {
  const current = (await (await page.request.get("/api/settings")).json()).data;
  const multipart: Record<string, string> = {
    ownerName: current.ownerName,
    tagline: current.tagline,
    biography: current.biography,
    contactEmail: current.contactEmail,
    showreelUrl: current.showreelUrl,
    ...look,
  };
  for (const [name, url] of Object.entries(current.socials as Record<string, string>))
    multipart[`socials.${name}`] = url;
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.put("/api/settings", {
    multipart,
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The latin-ext half of each variable's font (app/(site)/font-faces.generated.css), named before it. */
const LATIN_EXT: Record<string, string> = {
  "--font-inter": "Inter Latin Ext",
  "--font-fraunces": "Fraunces Latin Ext",
  "--font-source-sans": "Source Sans 3 Latin Ext",
  "--font-space-grotesk": "Space Grotesk Latin Ext",
  "--font-dm-sans": "DM Sans Latin Ext",
  "--font-playfair": "Playfair Display Latin Ext",
  "--font-lora": "Lora Latin Ext",
};

/** A computed font-family that starts with the variable's latin-ext family, then its own. */
const startsWith = (variable: string, family: string) =>
  new RegExp(`^["']?${LATIN_EXT[variable]}["']?, ["']?${family}`);

/** A signed-out browser that records the font files it fetches. */
async function visitor(browser: Browser, width = 1440, height = 900) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width, height },
  });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  return { page, fonts, close: () => context.close() };
}

/** The family names (first of each variable's list) of the page's font variables. */
async function familyOf(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const theme = document.querySelector(".site-theme")!;
    return getComputedStyle(theme)
      .getPropertyValue(name)
      .split(",")[0]!
      .trim()
      .replace(/^["']|["']$/g, "");
  }, variable);
}

/** The @font-face families of the page's style sheets, by the pathname of their files. */
async function fontFilesByFamily(page: Page): Promise<Map<string, string>> {
  const pairs = await page.evaluate(() => {
    const found: [string, string][] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const family = rule.style
          .getPropertyValue("font-family")
          .trim()
          .replace(/^["']|["']$/g, "");
        // A url() in a style sheet is relative to the sheet.
        for (const match of rule.style.getPropertyValue("src").matchAll(/url\("?([^")]+)"?\)/g))
          found.push([new URL(match[1]!, sheet.href ?? location.href).pathname, family]);
      }
    }
    return found;
  });
  return new Map(pairs);
}

/** Checks the fonts fetched are the chosen pairing's, and at least one was. */
async function expectOnlyPairingFonts(page: Page, fonts: string[], pairing: string) {
  await page.evaluate(() => document.fonts.ready);
  const families = await fontFilesByFamily(page);
  const allowed = new Set([
    ...(await Promise.all(PAIRING_VARIABLES[pairing]!.map((variable) => familyOf(page, variable)))),
    ...PAIRING_VARIABLES[pairing]!.map((variable) => LATIN_EXT[variable]!),
  ]);
  const fetched = fonts.map((file) => families.get(file) ?? file);
  expect(fetched.length, "the pairing's fonts are fetched").toBeGreaterThan(0);
  expect(
    fetched.filter((family) => !allowed.has(family)),
    "no other family's font is fetched",
  ).toEqual([]);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

// Later specs share the server: they see the default look again.
test.afterEach(async ({ page }) => {
  await setLook(page, DEFAULT_LOOK);
});

test("the owner chooses the look in the settings form and visitors see it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto("/dashboard");
  const form = page.getByRole("form", { name: "Site settings" });
  const appearance = form.getByRole("group", { name: "Appearance" });
  await expect(appearance.getByRole("radio", { name: /On hover and focus/ })).toBeChecked();

  await appearance
    .getByRole("group", { name: "Project titles in the gallery" })
    .getByRole("radio", { name: "Always", exact: true })
    .check();
  await appearance.getByRole("radio", { name: "Fraunces headings, Source Sans 3 text" }).check();
  await appearance
    .getByRole("group", { name: "Content width" })
    .getByRole("radio", { name: "Wide", exact: true })
    .check();

  // The contrast ratio follows the colour as it is typed; a too-light one is refused.
  const accent = appearance.getByLabel("Accent colour", { exact: true });
  await expect(accent).toHaveValue("#c2410c");
  await expect(appearance.getByTestId("accent-contrast")).toHaveText(
    "Contrast 4.95:1: passes WCAG AA (4.5:1)",
  );
  await accent.fill("#ff0000");
  await expect(appearance.getByTestId("accent-contrast")).toHaveText(
    "Contrast 3.82:1: too low, below WCAG AA (4.5:1)",
  );
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    appearance.getByText(/Accent colour is too light: its contrast with the page background/),
  ).toBeVisible();
  await accent.fill("#1d4ed8");
  await expect(appearance.getByTestId("accent-contrast")).toHaveText(
    "Contrast 6.41:1: passes WCAG AA (4.5:1)",
  );
  await expect(appearance.getByText(/Accent colour is too light/)).toBeHidden();
  await expectWithinWidth(appearance.getByTestId("accent-contrast"), "the contrast line");
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page)).toHaveText(/Settings saved successfully!/);

  // A signed-out visitor at 1800 px (wider than the standard column).
  const guest = await visitor(browser, 1800, 1000);
  try {
    const { page: home, fonts } = guest;
    await home.goto("/");
    await home.mouse.move(0, 0);
    const heading = home.getByRole("heading", { level: 1 });
    const fraunces = await familyOf(home, "--font-fraunces");
    const sourceSans = await familyOf(home, "--font-source-sans");
    await expect(heading).toHaveCSS("font-family", startsWith("--font-fraunces", fraunces));
    await expect(home.getByRole("contentinfo")).toHaveCSS(
      "font-family",
      startsWith("--font-source-sans", sourceSans),
    );
    // Titles show without hover.
    const caption = home.getByTestId("card-caption").first();
    await expect(caption).toHaveCSS("opacity", "1");
    await expect(caption).toBeVisible();
    // The active filter wears the accent.
    await expect(
      home.getByRole("navigation", { name: "Categories" }).locator("[aria-current=page]"),
    ).toHaveCSS("background-color", rgb("#1d4ed8"));
    // Wide: the gallery column is 120rem at most, so it fills the 1800 px window (less padding).
    const grid = home.getByRole("list", { name: "Projects" });
    expect((await grid.boundingBox())!.width).toBeGreaterThan(1600);
    await expectOnlyPairingFonts(home, fonts, "editorial");

    fonts.length = 0;
    await home.goto(`/sections/${SHOWCASE.id}`);
    await expect(home.getByRole("heading", { level: 1 })).toHaveCSS(
      "font-family",
      startsWith("--font-fraunces", fraunces),
    );
    // Wide: the project column is 96rem (1536 px) instead of 72rem.
    const article = home.locator("article").first();
    await expect(article).toHaveCSS("max-width", "1536px");
    expect(Math.round((await article.boundingBox())!.width)).toBe(1536);
    // The focus ring is the accent.
    await home.keyboard.press("Tab");
    await expect(home.locator(":focus-visible")).toHaveCSS("outline-color", rgb("#1d4ed8"));
    await expectOnlyPairingFonts(home, fonts, "editorial");
  } finally {
    await guest.close();
  }
});

test("full width, hover titles and other pairings; axe clean with a dark and a light accent", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const looks: [string, Look][] = [
    [
      "classic",
      { cardTitles: "hover", typePairing: "classic", accentColor: "#1e3a8a", contentWidth: "full" },
    ],
    [
      "grotesk",
      {
        cardTitles: "always",
        typePairing: "grotesk",
        accentColor: "#b45309",
        contentWidth: "standard",
      },
    ],
  ];
  for (const [name, look] of looks) {
    await setLook(page, look);
    // One visitor per look, on a phone first, then on a wide screen (the same page, resized).
    const guest = await visitor(browser, 375, 900);
    try {
      const { page: home, fonts } = guest;
      await home.goto("/");
      for (const width of [375, 1440]) {
        await home.setViewportSize({ width, height: 900 });
        await home.mouse.move(0, 0);
        const caption = home.getByTestId("card-caption").first();
        // Hover titles stay hidden on wide screens until hovered, and always show on phones.
        await expect(caption).toHaveCSS(
          "opacity",
          look.cardTitles === "hover" && width > 640 ? "0" : "1",
        );
        await expectOnlyPairingFonts(home, fonts, look.typePairing);
        await expectNoHorizontalOverflow(home, `the gallery, ${name}, at ${width} px`);
        await expectWithinWidth(home.getByTestId("project-card"), "every card");
      }
      await expectNoAxeViolations(home);
      await home.goto(`/sections/${SHOWCASE.id}`);
      const article = home.locator("article").first();
      if (look.contentWidth === "full")
        expect((await article.boundingBox())!.width).toBeGreaterThan(1400);
      else await expect(article).toHaveCSS("max-width", "1152px");
      await expect(home.getByText(SHOWCASE.category).first()).toHaveCSS(
        "color",
        rgb(look.accentColor),
      );
      await expectNoAxeViolations(home);
    } finally {
      await guest.close();
    }
  }
});

test("accented letters are drawn in the pairing's own typeface, fetched only for such text", async ({
  page,
  browser,
}) => {
  await setLook(page, { ...DEFAULT_LOOK, typePairing: "editorial" });
  const project = await createProjectViaApi(page, {
    title: `Łódź — Dvořák ${Date.now()}`,
    category: "Illustration",
  });
  const guest = await visitor(browser);
  try {
    const { page: visit, fonts } = guest;
    await visit.goto("/about");
    await visit.evaluate(() => document.fonts.ready);
    const familiesOf = async () => {
      const byFile = await fontFilesByFamily(visit);
      return fonts.map((file) => byFile.get(file) ?? file);
    };
    // About's text here is plain Latin: the latin-ext files stay where they are.
    const plain = await familiesOf();
    expect(plain.filter((family) => family.endsWith("Latin Ext"))).toEqual([]);

    fonts.length = 0;
    await visit.goto(`/sections/${project.id}`);
    const heading = visit.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(project.title);
    await visit.evaluate(() => document.fonts.ready);
    // The heading's Ł and ř come from Fraunces' latin-ext file, not a system font.
    expect(await familiesOf()).toContain("Fraunces Latin Ext");
    expect(
      await visit.evaluate(() =>
        Array.from(document.fonts).some(
          (face) =>
            face.family.replace(/"/g, "") === "Fraunces Latin Ext" && face.status === "loaded",
        ),
      ),
    ).toBe(true);
  } finally {
    await guest.close();
    await deleteProjectViaApi(page, project.id);
  }
});
