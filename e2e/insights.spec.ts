import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
} from "./helpers/owner-flows";

/**
 * Cookieless insights (docs/security.md, "Insights"): a visitor's views reach /insights through the
 * page's beacon, a prefetched page is not a view, the owner's own visits are not counted, and the
 * owner's page and the privacy note are accessible and work by keyboard.
 */
signInOwnerForFile("insights");

/** A desktop browser's user agent: the headless one is a bot to isbot, and bots are not counted. */
const PERSON_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** Runs `visit` and waits for the beacon it sends for `path`; resolves with its status. */
async function beaconOf(page: Page, path: string, visit: () => Promise<unknown>) {
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/views") &&
      JSON.parse(response.request().postData() ?? "{}").p === path,
  );
  await visit();
  return (await sent).status();
}

test("a visit is counted and shown on /insights; prefetches and the owner are not", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Counted"),
    category: "Illustration",
  });
  const projectPath = `/sections/${project.id}`;
  const projectRow = () => page.getByRole("row").filter({ hasText: project.title });
  const visitor = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    userAgent: PERSON_AGENT,
  });
  try {
    const visit = await visitor.newPage();
    const prefetched = visit.waitForRequest(
      (request) => request.url().includes(projectPath) && request.url().includes("_rsc="),
    );
    // Landing on the gallery from another site: the card of the new project is in view, so
    // Next.js prefetches its page; that is not a view of it.
    expect(
      await beaconOf(visit, "/", () =>
        visit.goto("/", { referer: "https://news.example/a-story" }),
      ),
    ).toBe(204);
    const card = visit.getByRole("link", { name: project.title }).first();
    await expect(card).toBeVisible();
    await card.hover();
    await prefetched;
    await page.goto("/insights?days=7");
    await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
    await expect(projectRow()).toHaveCount(0);

    // Opening it (a client-side navigation) is a view.
    expect(await beaconOf(visit, projectPath, () => card.click())).toBe(204);
    await page.reload();
    await expect(projectRow().getByRole("cell")).toHaveText(["1", "1", ""]);
    await expect(page.getByRole("row").filter({ hasText: "news.example" })).toBeVisible();
    // No cookie and nothing in storage on the visitor's side.
    expect(await visitor.cookies()).toEqual([]);
    expect(await visit.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    // The signed-in owner's own visit sends its beacon, and is not counted.
    expect(await beaconOf(page, projectPath, () => page.goto(projectPath))).toBe(204);
    await page.goto("/insights?days=7");
    await expect(projectRow().getByRole("cell")).toHaveText(["1", "1", ""]);
  } finally {
    await visitor.close();
    await deleteProjectViaApi(page, project.id);
  }
});

test("/insights and the privacy note have no axe violations, fit 375 and 1440 px and work by keyboard", async ({
  page,
}) => {
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Insights" }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expectNoViolations(page);

  // The range links and the table of days, by keyboard.
  const sevenDays = page.getByRole("link", { name: "7 days" });
  await sevenDays.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/insights\?days=7$/);
  await expect(page.getByRole("heading", { name: "Last 7 days" })).toBeVisible();
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await page.getByText("Show the days as a table").focus();
  await page.keyboard.press("Enter");
  const days = page.getByRole("table").first().getByRole("row");
  await expect(days).toHaveCount(8); // a heading row and seven days
  await expect(page.getByRole("img", { name: /Views and visitors per day/ })).toBeVisible();
  await expectNoViolations(page);

  // At a phone's width and a desktop's: nothing wider than the window, still no violations.
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/insights?days=90");
    await expect(page.getByRole("heading", { name: "Last 90 days" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(
      width,
    );
    await expectNoViolations(page);
  }

  await page.getByRole("link", { name: "the privacy note" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await expect(page.getByText("It sets no cookies")).toBeVisible();
  await expectNoViolations(page);
});
