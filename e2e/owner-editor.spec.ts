import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dndLiveRegion, pickUpByKeyboard } from "./helpers/keyboard-sort";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
  type CreatedProject,
} from "./helpers/owner-flows";
import { makePng, png } from "./helpers/owner-media";

/*
 * The project editor (docs/spec.md §2): the whole case study edited on one page,
 * by the keyboard alone; images dropped at once become sections of five; unsaved changes are
 * never lost on the way out.
 */

signInOwnerForFile("editor");
test.describe.configure({ timeout: 120_000 });

let project: CreatedProject;

test.beforeEach(async ({ page }) => {
  project = await createProjectViaApi(page, {
    title: uniqueTitle("Editor"),
    category: "Illustration",
  });
});

test.afterEach(async ({ page }) => {
  await deleteProjectViaApi(page, project.id);
});

const origin = () => String(test.info().project.use.baseURL);

/** The editor's sections, in page order, by their names in the Reorder handles. */
const sectionNames = (page: Page) =>
  page
    .getByRole("list", { name: `Sections of ${project.title}, in page order` })
    .getByRole("button", { name: /^Reorder / })
    .evaluateAll((handles) =>
      handles.map((handle) => handle.getAttribute("aria-label")!.replace(/^Reorder /, "")),
    );

/** Focuses a control and presses a key on it: the keyboard's way to use it. */
async function press(page: Page, name: string | RegExp, key = "Enter", role = "button") {
  await page.getByRole(role as "button", { name, exact: typeof name === "string" }).focus();
  await page.keyboard.press(key);
}

/** The image counts of the project's sections, in page order, from the REST API. */
async function storedSections(page: Page) {
  const response = await page.request.get(`/api/sections/${project.id}`);
  const { data } = (await response.json()) as {
    data: { title: string; images: { width: number }[] }[];
  };
  return data.map((section) => ({
    title: section.title,
    widths: section.images.map((image) => image.width),
  }));
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("with the keyboard only, a case study is built, edited, reordered and pruned on one page", async ({
  page,
  browser,
}) => {
  await page.goto(`/sections/${project.id}`);
  await press(page, "Edit project", "Enter", "link");
  await page.waitForURL(`**/editproject/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.title })).toBeVisible();
  await expectNoViolations(page);

  // The project's own fields, under its heading.
  await press(page, "Edit details");
  const details = page.getByRole("region", { name: "Project details" });
  await details.getByLabel("Role", { exact: true }).focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Direction and animation");
  await expectNoViolations(page);
  await details.getByRole("button", { name: "Save Changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveCount(0);
  await expect(page.getByText("Direction and animation", { exact: true })).toBeVisible();
  // Focus returns to what opened the form, not to the top of the page.
  await expect(page.getByRole("button", { name: "Edit details" })).toBeFocused();

  // A text section at the top.
  await press(page, "Add section at the top");
  const newForm = page.getByRole("region", { name: "New section" });
  await newForm.getByLabel("Title").focus();
  await page.keyboard.type("Opening text");
  await newForm.getByLabel("Description").focus();
  await page.keyboard.type("How the project began.");
  await expectNoViolations(page);
  await newForm.getByRole("button", { name: "Add Section" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Section added successfully!");
  await expect.poll(() => sectionNames(page)).toEqual(["Opening text"]);
  await expect(newForm).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit Opening text" })).toBeFocused();

  // An image section after it.
  await press(page, "Add section below Opening text");
  await newForm.getByLabel(/^Add images/).setInputFiles(png("frame.png"));
  await newForm.getByLabel("Title").focus();
  await page.keyboard.type("Image strip");
  await page.keyboard.press("Enter");
  await expect.poll(() => sectionNames(page)).toEqual(["Opening text", "Image strip"]);

  // Edited in place.
  await press(page, "Edit Opening text");
  const editForm = page.getByRole("region", { name: "Edit Opening text" });
  await editForm.getByLabel("Title").focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Opening words");
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Section updated successfully!");
  await expect.poll(() => sectionNames(page)).toEqual(["Opening words", "Image strip"]);
  await expect(page.getByRole("heading", { level: 2, name: "Opening words" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Opening words" })).toBeFocused();

  // Reordered by its handle.
  await pickUpByKeyboard(page, "Reorder Opening words", "Picked up Opening words");
  await page.keyboard.press("ArrowDown");
  await expect(dndLiveRegion(page)).toContainText("Opening words moved to position 2 of 2");
  await page.keyboard.press("Space");
  await expect(toast(page)).toContainText("Section order saved");
  await expect.poll(() => sectionNames(page)).toEqual(["Image strip", "Opening words"]);

  // Deleted, then back with Undo.
  await press(page, "Delete Image strip");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const deleted = toast(page).filter({ hasText: "Section deleted successfully" });
  const undo = deleted.getByRole("button", { name: "Undo" });
  // Focus keeps the toast on screen, however slow this machine is.
  await undo.focus();
  await expect.poll(() => sectionNames(page)).toEqual(["Opening words"]);
  await page.keyboard.press("Enter");
  await expect.poll(() => sectionNames(page)).toEqual(["Image strip", "Opening words"]);
  expect(page.url()).toMatch(new RegExp(`/editproject/${project.id}$`));

  const visitor = await browser.newContext({
    baseURL: origin(),
    storageState: { cookies: [], origins: [] },
  });
  try {
    const view = await visitor.newPage();
    await view.goto(`/sections/${project.id}`);
    const sections = view.getByTestId("project-section");
    await expect(sections.getByRole("heading", { level: 2 })).toHaveText([
      "Image strip",
      "Opening words",
    ]);
    await expect(sections.first().getByRole("img").first()).toBeVisible();
    await expect(sections.nth(1)).toContainText("How the project began.");
    await expect(view.getByText("Direction and animation", { exact: true })).toBeVisible();
    await expect(view.getByRole("link", { name: "Edit project" })).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("seven images dropped on a section become two image sections after it, 5 + 2", async ({
  page,
}) => {
  for (const title of ["Intro", "Outro"]) {
    const response = await page.request.post(`/api/sections/${project.id}`, {
      headers: { Origin: origin() },
      multipart: { title, project: project.id },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Edit project ${project.title}` }).click();
  await page.waitForURL(`**/editproject/${project.id}`);
  await expect.poll(() => sectionNames(page)).toEqual(["Intro", "Outro"]);

  // Seven PNGs told apart by their widths, dropped in file order on "Intro".
  const files = Array.from({ length: 7 }, (_, index) => ({
    name: `still-${index + 1}.png`,
    data: makePng({ width: 101 + index, height: 40 }).toString("base64"),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, data } of list) {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: "image/png" }));
    }
    return transfer;
  }, files);
  // Each upload held back a moment, so its progress bar can be seen.
  await page.route("**/api/sections/*", async (route) => {
    if (route.request().method() === "POST") await new Promise((done) => setTimeout(done, 500));
    await route.continue();
  });
  const intro = page.getByRole("heading", { level: 2, name: "Intro" });
  await intro.dispatchEvent("dragover", { dataTransfer });
  await intro.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByRole("progressbar", { name: "Uploading" })).toBeVisible();
  await expect(toast(page).filter({ hasText: "Image sections added" })).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });

  await expect.poll(() => sectionNames(page)).toEqual(["Intro", "Section 2", "Section 3", "Outro"]);
  expect(await storedSections(page)).toEqual([
    { title: "Intro", widths: [] },
    { title: "", widths: [101, 102, 103, 104, 105] },
    { title: "", widths: [106, 107] },
    { title: "Outro", widths: [] },
  ]);
});

test("unsaved changes are kept: an in-app link and Back ask first, leaving the page prompts", async ({
  page,
}) => {
  const response = await page.request.post(`/api/sections/${project.id}`, {
    headers: { Origin: origin() },
    multipart: { title: "Draft me", project: project.id },
  });
  expect(response.status()).toBe(201);
  await page.goto(`/editproject/${project.id}`);
  await press(page, "Edit Draft me");
  const title = page.getByRole("region", { name: "Edit Draft me" }).getByLabel("Title");
  await title.fill("Half-typed title");

  // A link of the site's header: the editor asks, Cancel keeps the typing.
  await page.getByRole("link", { name: "View the project page" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Unsaved changes" });
  await expect(dialog).toContainText("You have unsaved changes. Discard them?");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(title).toHaveValue("Half-typed title");
  expect(page.url()).toMatch(new RegExp(`/editproject/${project.id}$`));

  // The browser's Back button: the same dialog, and Cancel stays.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(title).toHaveValue("Half-typed title");
  expect(page.url()).toMatch(new RegExp(`/editproject/${project.id}$`));

  // Closing the tab: the browser's own prompt (beforeunload), dismissed, keeps the page.
  const prompted = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await prompted;
  expect(prompt.type()).toBe("beforeunload");
  await prompt.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(title).toHaveValue("Half-typed title");

  // Discarding them leaves for the page the link named, where nothing changed.
  await page.getByRole("link", { name: "View the project page" }).click();
  await dialog.getByRole("button", { name: "Discard changes" }).click();
  await page.waitForURL(`**/sections/${project.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Draft me" })).toBeVisible();
});
