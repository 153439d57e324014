import { expect, test, type APIRequestContext } from "@playwright/test";
import { OWNER } from "./helpers/owner";
import { toast, signInOwnerForFile } from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";

signInOwnerForFile("settings");

type Settings = {
  ownerName: string;
  tagline: string;
  biography: string;
  contactEmail: string;
  showreelUrl: string;
  socials: Record<string, string>;
  filterCategories: string;
};

/** Puts settings back through the API so later specs see what they started with. */
async function restore(request: APIRequestContext, settings: Settings) {
  const multipart: Record<string, string> = {
    ownerName: settings.ownerName,
    tagline: settings.tagline,
    biography: settings.biography,
    contactEmail: settings.contactEmail,
    showreelUrl: settings.showreelUrl,
    filterCategories: settings.filterCategories,
  };
  for (const [name, url] of Object.entries(settings.socials)) multipart[`socials.${name}`] = url;
  const origin = String(test.info().project.use.baseURL);
  const response = await request.put("/api/settings", { multipart, headers: { Origin: origin } });
  expect(response.status()).toBe(200);
}

/** The characters on either side of each line break inside `element`, as drawn. */
function lineBreaks(element: Element): string[] {
  const chars: { char: string; top: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (rect) chars.push({ char: text[i]!, top: Math.round(rect.top) });
    }
  }
  return chars.slice(1).flatMap((next, i) => {
    const previous = chars[i]!;
    return next.top > previous.top ? [previous.char + next.char] : [];
  });
}

test("the dashboard welcomes the owner and lists projects with section links", async ({ page }) => {
  // At 375 px the greeting's e-mail wraps, if at all, at a space, after "@" or before a dot.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard");
  const welcome = page.getByRole("heading", { level: 1 });
  await expect(welcome).toHaveText(`Welcome, ${OWNER.email}`);
  for (const pair of await welcome.evaluate(lineBreaks))
    expect(pair, "a line break in the greeting").toMatch(/^( .|@.|.\.)$/s);
  await page.setViewportSize({ width: 1280, height: 720 });
  const projects = page.getByRole("region", { name: "Projects" });
  await expect(page.getByRole("main").getByRole("link", { name: "New Project" })).toHaveAttribute(
    "href",
    "/addproject",
  );
  const first = projects.getByTestId("dashboard-project").first();
  await expect(first.getByRole("link", { name: /^Add section to / })).toHaveAttribute(
    "href",
    /^\/addsection\/[0-9a-f]{24}$/,
  );
  await expect(projects.getByRole("link", { name: /^Edit section / }).first()).toHaveAttribute(
    "href",
    /^\/editsectionpage\/[0-9a-f]{24}$/,
  );
});

test("site settings are saved and shown on the public pages", async ({ page }) => {
  const original = (await (await page.request.get("/api/settings")).json()).data as Settings;
  try {
    await page.goto("/dashboard");
    const form = page.getByRole("form", { name: "Site settings" });
    await expect(form.getByLabel("Owner name")).toHaveValue(original.ownerName);

    await form.getByLabel("Owner name").fill("");
    await form.getByLabel("Contact e-mail").fill("not-an-email");
    await form.getByLabel("Showreel Vimeo URL").fill("https://youtube.com/watch?v=1");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(form.getByText("Enter a name (up to 80 characters).")).toBeVisible();
    await expect(form.getByText("Enter a valid e-mail address, or leave it empty.")).toBeVisible();
    await expect(
      form.getByText("Invalid Vimeo URL. Example: https://vimeo.com/123456789"),
    ).toBeVisible();

    await form.getByLabel("Owner name").fill("Sara Benali");
    await form.getByLabel("Tagline").fill("Motion designer in Marrakesh.");
    await form.getByLabel("Availability").fill("Booking projects from March 2027.");
    await form.getByLabel("Biography").fill("I animate stories.\n\nEight years of frames.");
    await form.getByLabel("Contact e-mail").fill("hello@sara.example");
    await form.getByLabel("Showreel Vimeo URL").fill("https://vimeo.com/76979871");
    await form.getByLabel("Behance (portfolio)").fill("https://www.behance.net/sara");
    await form.getByLabel("GitHub (code)").fill("https://github.com/sara");
    await form.getByLabel("Instagram (photos)").fill("https://instagram.com/sara");
    await form.getByLabel("Dribbble (showcase)").fill("https://dribbble.com/sara");
    await form
      .getByLabel("Portrait", { exact: true })
      .setInputFiles(png("portrait.png", { width: 400, height: 500 }));
    await expect(form.getByAltText("Preview of the new portrait")).toBeVisible();
    // The filter bar as the contract has it (the default), or with every category in use.
    const filterChoice = form
      .getByRole("group", { name: "Gallery filters" })
      .getByRole("radio", { name: /^Those, and every other category/ });
    await expect(
      form.getByRole("radio", { name: "Motion Design, Illustration and Assets & Tools" }),
    ).toBeChecked();
    await filterChoice.check();
    const save = form.getByRole("button", { name: "Save Settings" });
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page)).toHaveText(/Settings saved successfully!/);
    // The button was disabled while saving; the focus comes back to it, not to the page.
    await expect(save).toBeFocused();

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sara Benali");
    await expect(page.getByText("Motion designer in Marrakesh.")).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Sara Benali");
    for (const [name, href] of [
      ["Behance", "https://www.behance.net/sara"],
      ["GitHub", "https://github.com/sara"],
      ["Instagram", "https://instagram.com/sara"],
      ["Dribbble", "https://dribbble.com/sara"],
    ]) {
      await expect(footer.getByRole("link", { name: name! })).toHaveAttribute("href", href!);
    }
    await expect(page.getByRole("banner")).toContainText("Sara Benali");

    // Every category a published project has can be filtered: the spec's three, then the others.
    const filters = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    await expect(filters).toHaveText([
      /^All\s*\d+$/,
      /^Motion Design\s*\d+$/,
      /^Illustration\s*\d+$/,
      /^Assets & Tools\s*\d+$/,
      /^Photography\s*\d+$/,
      /^Frame-by-Frame\s*\d+$/,
    ]);
    const counts = await filters.evaluateAll((links) =>
      links.map((link) => Number(link.querySelector("span")?.textContent)),
    );
    // The filters add up to All: no published project is out of every filter's reach.
    expect(counts.slice(1).reduce((sum, count) => sum + count)).toBe(counts[0]);
    for (const [label, query, title] of [
      ["Photography", "Photography", "Desert Light"],
      ["Frame-by-Frame", "Frame+by+Frame", "Walk Cycle Study"],
    ] as const) {
      const link = filters.filter({ hasText: label });
      await link.click();
      await expect(page).toHaveURL(`/?category=${query}`);
      await expect(link).toHaveAttribute("aria-current", "page");
      const shown = page.getByTestId("project-card");
      await expect(shown.filter({ hasText: title })).toHaveCount(1);
      await expect(shown).toHaveCount(Number(await link.locator("span").textContent()));
      // The view is in the page's HTML: it works without JavaScript and can be shared.
      const html = await (await page.request.get(`/?category=${query}`)).text();
      expect(html).toContain(title);
    }
    // A category holding one project shows it as a picture, not a ~3.3:1 banner.
    await page.goto("/?category=Photography");
    await expect(page.getByTestId("project-card")).toHaveCount(1);
    const lone = (await page.getByTestId("project-card").boundingBox())!;
    expect(lone.width / lone.height).toBeLessThan(2);

    await page.goto("/about");
    await expect(page.getByText("Eight years of frames.")).toBeVisible();
    await expect(page.getByRole("link", { name: /hello@sara\.example/ })).toHaveAttribute(
      "href",
      "mailto:hello@sara.example",
    );
    await expect(page.getByTestId("availability")).toHaveText("Booking projects from March 2027.");
    const portrait = page.getByAltText("Portrait of Sara Benali");
    await expect(portrait).toBeVisible();
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await page.goto("/contact");
    await expect(page.getByTestId("availability")).toHaveText("Booking projects from March 2027.");

    await page.goto("/reel");
    await page.getByRole("button", { name: "Play the showreel" }).click();
    await expect(page.locator("iframe[src*='player.vimeo.com/video/76979871']")).toHaveCount(1);

    await page.goto("/dashboard");
    await expect(form.getByLabel("Owner name")).toHaveValue("Sara Benali");
    await expect(form.getByLabel("Availability")).toHaveValue("Booking projects from March 2027.");
    await expect(filterChoice).toBeChecked();
    await expect(form.getByLabel("Showreel Vimeo URL")).toHaveValue(
      "https://player.vimeo.com/video/76979871",
    );
    await expect(form.getByAltText("Current portrait")).toBeVisible();
  } finally {
    await restore(page.request, original);
  }
});

test("settings cannot be changed without the owner's session", async ({ playwright }) => {
  const baseURL = String(test.info().project.use.baseURL);
  // Explicitly without cookies: the file's owner session would otherwise apply here too.
  const visitor = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const response = await visitor.put("/api/settings", {
    multipart: { ownerName: "Intruder" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(401);
  expect((await response.json()).success).toBe(false);
  expect((await (await visitor.get("/api/settings")).json()).data.ownerName).not.toBe("Intruder");
  await visitor.dispose();
});
