import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  addProjectThroughForm,
  deleteProjectViaApi,
  openOwnerPage,
  signInOwnerForFile,
} from "./helpers/owner-flows";
import { png } from "./helpers/owner-media";

signInOwnerForFile("a11y");

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("owner pages, dialogs and error states have no axe violations", async ({ page }) => {
  // Eight full axe analyses plus a project and a section created through the forms: about 100 s
  // beside the other specs on two busy cores.
  test.setTimeout(150_000);
  await openOwnerPage(page, "/addproject");
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Add Project" }).click();
  await expectNoViolations(page);

  const project = await addProjectThroughForm(page);
  try {
    await page
      .getByLabel(/^Add images/)
      .setInputFiles([
        png("ok.png"),
        { name: "bad.txt", mimeType: "text/plain", buffer: Buffer.from("x") },
      ]);
    await page.getByLabel("Embed a Vimeo video").check();
    await page.getByLabel("Vimeo URL or embed code").fill("nope");
    await page.getByRole("button", { name: "Add Section" }).click();
    await expectNoViolations(page);

    await page.getByLabel("Vimeo URL or embed code").fill("https://vimeo.com/76979871");
    await page.getByLabel("Title").fill("Accessible section");
    await page.getByRole("button", { name: "Add Section" }).click();
    await page.waitForURL(`**/sections/${project.id}`);
    // The URL changes before the new page has replaced the loading screen.
    await expect(page.getByRole("heading", { level: 1, name: project.title })).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("button", { name: "Delete Accessible section" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Edit Accessible section" }).click();
    await page.waitForURL("**/editsectionpage/*");
    await expect(page.getByRole("heading", { level: 1, name: "Edit Section" })).toBeVisible();
    await expectNoViolations(page);

    await openOwnerPage(page, "/dashboard");
    await expectNoViolations(page);

    await page.goto("/");
    await page.getByRole("button", { name: `Edit ${project.title}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page);
  } finally {
    await deleteProjectViaApi(page, project.id);
  }
});
