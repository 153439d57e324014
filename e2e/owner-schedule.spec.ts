import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
  uniqueTitle,
} from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";
import { waitForHydration } from "./helpers/browser";

/** docs/spec.md §11, "Publishing on a schedule": the owner's form and the visitor's gallery. */

// A project added through the form, then a wait for its publishing time.
test.describe.configure({ timeout: 120_000 });
// The owner types times in the browser's zone, which is not the server's (UTC).
test.use({ timezoneId: "America/New_York" });
signInOwnerForFile("owner-schedule");

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** `ms` as a datetime-local field holds it in the page's time zone, to the second. */
function localDateTime(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, "0");
    return (
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
      `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    );
  }, ms);
}

test("a project scheduled a few seconds ahead appears on / at its time, with no write or owner request in between", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Scheduled");
  await openOwnerPage(page, "/addproject");
  const zone = page.getByTestId("schedule-time-zone");
  // November in New York: Eastern Standard Time.
  await expect(zone).toHaveText("Times are in your time zone: America/New_York (GMT-05:00).");
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill("Direction");
  await page.getByLabel("Category").selectOption("Motion Design");
  await waitForHydration(page.getByLabel("Publish at", { exact: true }));

  // Unpublishing before publishing is refused in the form, nothing sent.
  const publishAt = Math.ceil((Date.now() + 25_000) / 1000) * 1000;
  await page.getByLabel("Publish at", { exact: true }).fill(await localDateTime(page, publishAt));
  await page.getByLabel("Unpublish at").fill(await localDateTime(page, publishAt - 60_000));
  await page.getByRole("button", { name: "Add Project" }).click();
  await expect(
    page.getByText("Unpublish time must be after the publish time").first(),
  ).toBeVisible();
  await page.getByLabel("Unpublish at").fill("");
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;

  // Stored as the instant typed in New York's time.
  const stored = await page.request.get(`/api/projects/${id}`);
  expect((await stored.json()).data).toMatchObject({
    status: "published",
    publishAt: new Date(publishAt).toISOString(),
    unpublishAt: null,
  });

  // The dashboard marks it; its Edit dialog shows the time back in the owner's zone.
  await page.goto("/dashboard");
  const row = page.getByTestId("dashboard-project").filter({ hasText: title });
  await expect(row.getByTestId("schedule-badge")).toHaveText("Scheduled");
  await row.getByRole("button", { name: `Edit details of ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${title}` });
  await expect(dialog.getByLabel("Publish at", { exact: true })).toHaveValue(
    await localDateTime(page, publishAt),
  );
  await expect(dialog.getByTestId("schedule-time-zone")).toContainText("America/New_York");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // The owner's browser asks nothing more.
  await page.goto("about:blank");

  // A visitor's gallery before the time: not there, and that page is now the cached one.
  const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await visitorContext.newPage();
  const card = visitor.locator(`a[href="/sections/${id}"]`);
  await visitor.goto("/");
  await expect(card).toHaveCount(0);
  const again = await visitor.reload();
  expect(again?.headers()["x-nextjs-cache"]).toBe("HIT");
  await expect(card).toHaveCount(0);
  expect(Date.now(), "the gallery was read past the publishing time").toBeLessThan(publishAt);

  // Nothing is asked of the server until the time has passed; then a reload shows it.
  await visitor.waitForTimeout(publishAt + 1000 - Date.now());
  await visitor.reload();
  await expect(card.first()).toBeAttached();
  const opened = await visitor.goto(`/sections/${id}`);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await visitorContext.close();

  await deleteProjectViaApi(page, id);
});
