import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  uniqueTitle,
} from "./helpers/owner-flows";
import { expectNoHorizontalOverflow } from "./helpers/layout";

signInOwnerForFile("contact");
test.describe.configure({ timeout: 120_000 });

/*
 * docs/spec.md §12: the contact form with JavaScript off and on, at 375 and 1440 px, by keyboard,
 * with its errors beside the fields and announced; the owner's inbox; axe on both pages.
 */

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function visitor(browser: Browser, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width, height: 900 },
    javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

/** The form refuses what was sent within 3 s of its page: a person takes longer. */
const typingTime = (page: Page) => page.waitForTimeout(3200);

test("without JavaScript at 375 px: errors beside the fields, values kept, then sent", async ({
  browser,
  page: owner,
}) => {
  const { context, page } = await visitor(browser, 375, false);
  const name = uniqueTitle("No script");
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByLabel("Message").fill("A <b>loop</b> for a launch.");
  await typingTime(page);
  await page.getByRole("button", { name: "Send message" }).click();

  // The page answers itself: the summary, the e-mail's error beside it, what was typed kept.
  await expect(page.getByText("The message was not sent.")).toBeVisible();
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await email.getAttribute("id")}-error`)).toHaveText(
    "Please enter a valid e-mail address, like name@example.com.",
  );
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Message")).toHaveValue("A <b>loop</b> for a launch.");
  await expectNoHorizontalOverflow(page);

  await email.fill("ada@client.example");
  await typingTime(page);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Thank you, your message is on its way. I will answer by e-mail.",
  );
  await context.close();

  // No proof of work without JavaScript: kept for the owner under Spam, with the reason.
  await owner.goto("/inbox?folder=spam");
  await owner.getByRole("link", { name: new RegExp(name) }).click();
  await expect(owner.getByText("No proof of work")).toBeVisible();
  await expect(owner.getByTestId("message-text")).toHaveText("A <b>loop</b> for a launch.");
  await owner.getByRole("button", { name: "Not spam" }).click();
  await expect(owner).toHaveURL(/folder=spam$/);
  await owner.goto("/inbox");
  await expect(owner.getByRole("link", { name: new RegExp(name) })).toBeVisible();
});

test("with JavaScript at 1440 px, by keyboard, from a project page; the owner's inbox", async ({
  browser,
  page: owner,
}) => {
  const project = await createProjectViaApi(owner, {
    title: uniqueTitle("Ask me"),
    category: "Illustration",
  });
  const { context, page } = await visitor(browser, 1440);
  const name = uniqueTitle("Keyboard");
  try {
    await page.goto(`/sections/${project.id}`);
    await page.getByRole("link", { name: "Ask about this project" }).click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?project=${project.id}$`));
    await expect(page.getByText(`About the project: ${project.title}`)).toBeVisible();
    await axeClean(page);

    // Sent empty: the summary is announced, each field says what it needs, focus on the first.
    const send = page.getByRole("button", { name: "Send message" });
    await send.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("alert").filter({ hasText: "The message was not sent." }),
    ).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expect(page.getByText("Please write a message.")).toBeVisible();
    await axeClean(page);

    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@client.example");
    await page.keyboard.press("Tab");
    await page.keyboard.type("We need 20 seconds of <i>motion</i>.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // Budget: the first range
    // Past the deadline's date field (a tab stop per part of the date) to the button.
    const onSend = () => send.evaluate((button) => button === document.activeElement);
    for (let i = 0; i < 6 && !(await onSend()); i++) await page.keyboard.press("Tab");
    await expect(send).toBeFocused();
    await typingTime(page);
    await page.keyboard.press("Enter");
    const thanks = page.getByRole("status").filter({ hasText: "Thank you" });
    await expect(thanks).toBeVisible({ timeout: 30_000 });
    await expect(thanks).toBeFocused();
  } finally {
    await context.close();
  }

  // The owner: the dashboard's Inbox link counts it, the inbox lists it with its project.
  await owner.goto("/dashboard");
  await expect(owner.getByTestId("inbox-link")).toContainText(/\d+ unread/);
  await owner.getByTestId("inbox-link").click();
  await expect(owner.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await owner.getByRole("searchbox", { name: "Search messages" }).fill(name);
  await owner.keyboard.press("Enter");
  await expect(owner.getByTestId("inbox-message")).toHaveCount(1);
  await expect(owner.getByTestId("inbox-message")).toContainText(`About ${project.title}`);
  await expect(owner.getByTestId("inbox-message")).toContainText("Unread:");
  await axeClean(owner);
  await owner.getByTestId("inbox-message").getByRole("link").click();

  await expect(owner.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(owner.getByTestId("message-text")).toHaveText(
    "We need 20 seconds of <i>motion</i>.",
  );
  await expect(owner.getByRole("link", { name: project.title })).toHaveAttribute(
    "href",
    `/sections/${project.id}`,
  );
  const reply = await owner.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href");
  expect(reply).toMatch(/^mailto:ada@client\.example\?subject=Re%3A%20/);
  expect(decodeURIComponent(reply!)).toContain("> We need 20 seconds of <i>motion</i>.");
  await axeClean(owner);

  // Delete to the Trash, then restore it from there.
  await owner.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(owner).toHaveURL(/folder=inbox/);
  await owner.goto("/inbox?folder=trash");
  await owner.getByRole("link", { name: new RegExp(name) }).click();
  await owner.getByRole("button", { name: "Restore" }).click();
  await expect(owner.getByRole("button", { name: "Reply by e-mail" })).toHaveCount(0);
  await expect(owner.getByRole("link", { name: "Reply by e-mail" })).toBeVisible();
  await deleteProjectViaApi(owner, project.id);
});
