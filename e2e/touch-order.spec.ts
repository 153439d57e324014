import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createProjectViaApi,
  deleteProjectViaApi,
  signInOwnerForFile,
  toast,
  uniqueTitle,
} from "./helpers/owner-flows";
import { expectDraggedUnder } from "./helpers/layout";
import { addSectionWithImages, storedImageAlts } from "./helpers/section-images";

signInOwnerForFile("touch-order");
test.describe.configure({ timeout: 120_000 });
// A phone: 375 px wide, touch only (dnd-kit's TouchSensor takes these drags).
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

/**
 * Reordering on touch: press and hold a Reorder handle, move, release (docs/spec.md §2).
 * Chromium's own touch events through CDP, as a finger sends them.
 */
async function dragByTouch(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x = Math.round(from.x + from.width / 2);
  const y0 = Math.round(from.y + from.height / 2);
  const y1 = Math.round(to.y + to.height / 2 + (to.y < from.y ? -4 : 4));
  // When the finger lands and when the drag starts, on the page's clock: on a busy machine a
  // check from here could come after the hold, so the page notes both.
  await page.evaluate(() => {
    const times = window as unknown as { touchAt?: number; dragAt?: number };
    delete times.touchAt;
    delete times.dragAt;
    const landed = () => (times.touchAt ??= performance.now());
    document.addEventListener("touchstart", landed, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!document.querySelector("[data-dragging]")) return;
      times.dragAt ??= performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0 }] });
  await page.waitForTimeout(400);
  for (let step = 1; step <= 12; step++) {
    const y = Math.round(y0 + ((y1 - y0) * step) / 12);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await expect(page.locator("[data-dragging]")).toHaveCount(1);
  // Press and hold: the drag started only after the 200 ms hold; a quicker move is a scroll.
  const { touchAt, dragAt } = await page.evaluate(() => {
    const times = window as unknown as { touchAt?: number; dragAt?: number };
    return { touchAt: times.touchAt, dragAt: times.dragAt };
  });
  expect(touchAt).toBeDefined();
  expect(dragAt! - touchAt!).toBeGreaterThanOrEqual(195);
  await expectDraggedUnder(page, y1);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

const origin = () => String(test.info().project.use.baseURL);

async function apiProjectTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/projects");
  const body = (await response.json()) as { data: { title: string }[] };
  return body.data.map((project) => project.title);
}

async function apiSectionTitles(page: Page, projectId: string): Promise<string[]> {
  const response = await page.request.get(`/api/sections/${projectId}`);
  const body = (await response.json()) as { data: { title: string }[] };
  return body.data.map((section) => section.title);
}

test("the owner reorders projects on the dashboard by touch", async ({ page }) => {
  const first = await createProjectViaApi(page, {
    title: uniqueTitle("Touch first"),
    category: "Illustration",
  });
  const second = await createProjectViaApi(page, {
    title: uniqueTitle("Touch second"),
    category: "Illustration",
  });
  try {
    await page.goto("/dashboard");
    const rows = page
      .getByRole("list", { name: "Projects, in gallery order" })
      .getByRole("listitem")
      .filter({ has: page.getByTestId("dashboard-project") });
    await dragByTouch(
      page,
      page.getByRole("button", { name: `Reorder ${first.title}` }),
      rows.filter({ hasText: second.title }).first(),
    );
    await expect(toast(page)).toContainText("Project order saved");
    // The list order is the gallery's reversed: first now comes after second.
    await expect
      .poll(async () => (await apiProjectTitles(page)).slice(-2))
      .toEqual([second.title, first.title]);
  } finally {
    await deleteProjectViaApi(page, first.id);
    await deleteProjectViaApi(page, second.id);
  }
});

test("the owner reorders a project's sections by touch", async ({ page }) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Touch sections"),
    category: "Motion Design",
  });
  try {
    for (const title of ["One", "Two", "Three"]) {
      const response = await page.request.post(`/api/sections/${project.id}`, {
        headers: { Origin: origin() },
        multipart: { title, description: `About ${title}.` },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto(`/sections/${project.id}`);
    await page.getByRole("button", { name: "Reorder sections" }).click();
    const list = page.getByRole("list", { name: `Sections of ${project.title}, in page order` });
    await dragByTouch(
      page,
      page.getByRole("button", { name: "Reorder Three" }),
      list.getByRole("listitem").filter({ hasText: "One" }),
    );
    await expect(toast(page)).toContainText("Section order saved");
    await expect.poll(() => apiSectionTitles(page, project.id)).toEqual(["Three", "One", "Two"]);
  } finally {
    await deleteProjectViaApi(page, project.id);
  }
});

test("the owner reorders the gallery by touch in Reorder mode", async ({ page }) => {
  const created = [];
  for (const name of ["One", "Two", "Three"])
    created.push(
      await createProjectViaApi(page, {
        title: uniqueTitle(`Touch gallery ${name}`),
        category: "Illustration",
      }),
    );
  const [one, two, three] = created as [
    (typeof created)[0],
    (typeof created)[0],
    (typeof created)[0],
  ];
  try {
    await page.goto("/");
    await page.getByRole("button", { name: "Reorder", exact: true }).click();
    const list = page.getByRole("list", { name: "Projects to reorder, in gallery order" });
    // Gallery: Three, Two, One (two columns on a phone). One onto Three's place.
    await expect(list.getByRole("listitem").first()).toBeVisible();
    expect((await list.getByRole("listitem").allInnerTexts()).slice(0, 3)).toEqual([
      three.title,
      two.title,
      one.title,
    ]);
    await dragByTouch(
      page,
      page.getByRole("button", { name: `Reorder ${one.title}` }),
      list.getByRole("listitem").filter({ hasText: three.title }),
    );
    await expect(toast(page)).toContainText("Project order saved");
    await expect
      .poll(async () => (await apiProjectTitles(page)).slice(-3))
      .toEqual([two.title, three.title, one.title]);
  } finally {
    for (const project of created) await deleteProjectViaApi(page, project.id);
  }
});

test("the owner reorders a section's stored images by touch in the Edit Section form", async ({
  page,
}) => {
  const project = await createProjectViaApi(page, {
    title: uniqueTitle("Touch images"),
    category: "Illustration",
  });
  try {
    const sectionId = await addSectionWithImages(page, project.id, "Frames", [
      "Frame 1",
      "Frame 2",
      "Frame 3",
    ]);
    await page.goto(`/editsectionpage/${sectionId}`);
    const current = page.getByRole("list", { name: "Current images" });
    await dragByTouch(
      page,
      page.getByRole("button", { name: "Reorder image 3" }),
      current.getByRole("listitem").first(),
    );
    const first = current.getByTestId("current-image").first().getByTestId("focal-point");
    await expect(first.locator("img")).toHaveAttribute("alt", "Frame 3");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(new RegExp(`/sections/${project.id}$`));
    expect(await storedImageAlts(page, sectionId)).toEqual(["Frame 3", "Frame 1", "Frame 2"]);
  } finally {
    await deleteProjectViaApi(page, project.id);
  }
});
