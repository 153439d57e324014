import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsOwner } from "./owner";
import { makePng, png } from "./owner-media";
import { waitForHydration } from "./browser";

/** This worker's owner session (a worker serves one project, so one server). */
const statePath = path.join(os.tmpdir(), `owner-e2e-${process.pid}.json`);
// Removed when the worker ends: a spec's own afterAll hooks may still open pages with it.
process.once("exit", () => fs.rmSync(statePath, { force: true }));

/**
 * Gives every test of a spec file the owner's session cookies. The owner signs in once per worker
 * and server (a worker runs one project's specs against one server); a later spec file of the
 * worker reuses that session while the server still takes it (a password reset, for one, ends the
 * owner's other sessions), else signs in again. Call at the top level of a spec file; `name` names
 * the spec in a failed sign-in's title.
 */
export function signInOwnerForFile(name: string): void {
  test.beforeAll(`owner signs in (${name})`, async ({ browser, baseURL }) => {
    if (fs.existsSync(statePath) && (await sessionHolds(browser, String(baseURL)))) return;
    // Explicitly empty: the test.use() below would otherwise apply to this page too.
    const page = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await signInAsOwner(page);
    await page.context().storageState({ path: statePath });
    await page.close();
  });
  test.use({ storageState: statePath });
}

/** Whether the saved session still opens the dashboard (signed out, it redirects to /signin). */
async function sessionHolds(browser: Browser, baseURL: string): Promise<boolean> {
  const context = await browser.newContext({ storageState: statePath });
  try {
    const response = await context.request.get(`${baseURL}/dashboard`, { maxRedirects: 0 });
    return response.status() === 200 && (await response.text()).includes("Welcome,");
  } finally {
    await context.close();
  }
}

/** The toast of a given kind (site's toast area: success → role=status, error → role=alert). */
export function toast(page: Page, type: "success" | "error" = "success") {
  return page.locator(`[data-type="${type}"]`);
}

/** A unique title so specs sharing one server's data never collide. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type CreatedProject = { id: string; title: string };

/**
 * Opens an owner page and resolves once its heading is drawn and hydrated. /dashboard and
 * /addproject stream in behind a loading screen, so the load event can come before their content,
 * and a control used before hydration loses what it was given (a chosen file, a typed value).
 */
export async function openOwnerPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page.getByRole("heading", { level: 1 }));
}

/** Adds a project through the Add New Project form; resolves on the add-section page it leads to. */
export async function addProjectThroughForm(
  page: Page,
  fields: { title?: string; role?: string; category?: string } = {},
): Promise<CreatedProject> {
  const title = fields.title ?? uniqueTitle("Owner project");
  await openOwnerPage(page, "/addproject");
  await page.getByLabel("Cover image").setInputFiles(png("cover.png", { width: 320, height: 240 }));
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Role").fill(fields.role ?? "Direction");
  await page.getByLabel("Category").selectOption(fields.category ?? "Illustration");
  await page.getByRole("button", { name: "Add Project" }).click();
  await page.waitForURL(/\/addsection\/[0-9a-f]{24}$/);
  const id = page.url().split("/").at(-1)!;
  return { id, title };
}

/**
 * Removes a project created by a spec through the REST API, with the owner's cookies. A reused
 * keep-alive connection the server has just closed fails with ECONNRESET (seen once under load);
 * the delete is idempotent (200, or 404 once gone), so it is sent again.
 */
export async function deleteProjectViaApi(page: Page, id: string): Promise<void> {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.delete(`/api/projects/${id}`, {
    headers: { Origin: origin },
    maxRetries: 2,
  });
  expect([200, 404]).toContain(response.status());
}

/** Adds a project through the REST API, with the owner's cookies: for specs that need many. */
export async function createProjectViaApi(
  page: Page,
  fields: { title: string; category: string },
): Promise<CreatedProject> {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post("/api/projects", {
    headers: { Origin: origin },
    multipart: {
      title: fields.title,
      role: "Direction",
      category: fields.category,
      cover: {
        name: "cover.png",
        mimeType: "image/png",
        buffer: makePng({ width: 64, height: 48 }),
      },
    },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { _id: string } };
  return { id: data._id, title: fields.title };
}
