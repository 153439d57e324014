import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers/browser";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  toast,
  signInOwnerForFile,
  type CreatedProject,
  uniqueTitle,
} from "./helpers/owner-flows";
import { playableMp4, png } from "./helpers/owner-media";

signInOwnerForFile("section-edit");

let project: CreatedProject;

/** Adds one section with two images and an uploaded video; resolves on the project page. */
async function addSection(page: Page, title: string) {
  await page.goto(`/addsection/${project.id}`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("First version");
  await page
    .getByLabel(/^Add images/)
    .setInputFiles([png("a.png"), png("b.png", { rgb: [0, 0, 200] })]);
  await page.getByLabel("Alt text for a.png").fill("Image A");
  await page.getByLabel("Alt text for b.png").fill("Image B");
  await page.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles({
    name: "clip.mp4",
    mimeType: "video/mp4",
    buffer: playableMp4(),
  });
  await page.getByRole("button", { name: "Add Section" }).click();
  await page.waitForURL(new RegExp(`/sections/${project.id}$`));
}

const sectionOnPage = (page: Page, title: string) =>
  page.getByTestId("project-section").filter({ has: page.getByRole("heading", { name: title }) });

// Each test opens its own page: the project comes from the API (the Add New Project form is under
// test in owner-projects.spec.ts).
test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Owner project"),
    category: "Illustration",
  });
});

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await deleteProjectViaApi(page, project.id);
});

test("an empty project offers Add Section to the owner", async ({ page }) => {
  await page.goto(`/sections/${project.id}`);
  await expect(page.getByText("No sections available for this project.")).toBeVisible();
  await page.getByRole("link", { name: "Add Section" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/addsection/${project.id}$`));
});

test("the edit form is prefilled; images can be removed and added; video switches to embed", async ({
  page,
}) => {
  await addSection(page, "Draft cut");
  await sectionOnPage(page, "Draft cut").getByRole("link", { name: "Edit Draft cut" }).click();
  await expect(page).toHaveURL(/\/editsectionpage\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Section" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Draft cut");
  await expect(page.getByLabel("Description")).toHaveValue("First version");
  const current = page.getByRole("list", { name: "Current images" });
  await expect(current.getByRole("img")).toHaveCount(2);
  await expect(page.getByText("Current video:")).toBeVisible();

  await page.getByRole("button", { name: "Remove image 1" }).click();
  await expect(page.getByRole("button", { name: "Keep image 1" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByLabel(/^Add images/).setInputFiles([png("c.png", { rgb: [0, 160, 0] })]);
  await page.getByLabel("Alt text for c.png").fill("Image C");
  await page.getByLabel("Title").fill("Final cut");

  await page.getByLabel("Embed a Vimeo video").check();
  await page.getByLabel("Vimeo URL", { exact: true }).fill("vimeo.com/abc");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByText("Invalid Vimeo URL. Example: https://vimeo.com/123456789").first(),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Final cut");

  await page.getByLabel("Vimeo URL", { exact: true }).fill("https://vimeo.com/76979871");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/sections/${project.id}$`));
  await expect(toast(page)).toBeVisible();
  const section = sectionOnPage(page, "Final cut");
  await expect(section.getByAltText("Image A")).toHaveCount(0);
  await expect(section.getByAltText("Image B")).toBeVisible();
  await expect(section.getByAltText("Image C")).toBeVisible();
  const play = section.getByRole("button", { name: "Play the video" });
  await waitForHydration(play);
  await play.click();
  await expect(section.locator("iframe[src*='player.vimeo.com/video/76979871']")).toHaveCount(1);
  await expect(section.locator("video")).toHaveCount(0);
});

test("edit failures: the server's message, 'Update failed', 'Network error'", async ({ page }) => {
  await addSection(page, "Fragile");
  await sectionOnPage(page, "Fragile").getByRole("link", { name: "Edit Fragile" }).click();
  await page.waitForURL(/\/editsectionpage\//);
  const id = page.url().split("/").at(-1)!;
  await page.getByLabel("Description").fill("Typed before the failure");
  const save = page.getByRole("button", { name: "Save Changes" });

  await page.route(`**/api/sections/${id}`, (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: '{"success":false,"message":"Section was changed elsewhere"}',
    }),
  );
  await save.click();
  await expect(toast(page, "error")).toHaveText(/Section was changed elsewhere/);

  await page.unroute(`**/api/sections/${id}`);
  await page.route(`**/api/sections/${id}`, (route) => route.fulfill({ status: 500, body: "" }));
  await save.click();
  await expect(toast(page, "error")).toHaveText(/Update failed/);

  await page.unroute(`**/api/sections/${id}`);
  await page.route(`**/api/sections/${id}`, (route) => route.abort("internetdisconnected"));
  await save.click();
  await expect(toast(page, "error")).toHaveText(/Network error/);
  await expect(page.getByLabel("Description")).toHaveValue("Typed before the failure");
  await expect(page).toHaveURL(/\/editsectionpage\//);
});

test("Delete asks '…this Section?'; Cancel keeps it, confirming removes it", async ({ page }) => {
  await addSection(page, "Doomed");
  const section = sectionOnPage(page, "Doomed");
  const remove = section.getByRole("button", { name: "Delete Doomed" });
  await remove.click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText(/this Section\?$/)).toHaveText(
    "Are you sure you want to delete this Section?",
  );
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(section).toBeVisible();

  await remove.click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toHaveText(/Section deleted successfully/);
  await expect(section).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
  await expect(page.getByText("No sections available for this project.")).toBeVisible();
});

test("a refused section delete shows the server's message", async ({ page }) => {
  await addSection(page, "Sticky");
  await page.route("**/api/sections/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 404,
          contentType: "application/json",
          body: '{"success":false,"message":"Section not found"}',
        })
      : route.fallback(),
  );
  const section = sectionOnPage(page, "Sticky");
  await section.getByRole("button", { name: "Delete Sticky" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "error")).toHaveText(/Section not found/);
  await expect(section).toBeVisible();
});
