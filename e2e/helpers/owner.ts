import { expect, type Page } from "@playwright/test";

export const OWNER = { email: "owner@example.com", password: "Sup3r-secret-pass" };

/** The e2e server's owner setup token (AUTH_SETUP_TOKEN in playwright.config.ts). */
export const E2E_SETUP_TOKEN = "e2e-owner-setup-token-0123456789";

const API_HEADERS = { "X-Supabase-Api-Version": "2024-01-01", apikey: "embedded-anon-key" };

/**
 * Creates the owner account through /auth/v1/signup unless sign-up is already closed (the owner,
 * as the first account of the shared e2e server, exists then).
 */
export async function ensureOwnerAccount(page: Page): Promise<void> {
  const settings = await page.request.get("/auth/v1/settings");
  if ((await settings.json()).disable_signup) return;
  const response = await page.request.post("/auth/v1/signup", {
    data: { ...OWNER, data: { setup_token: E2E_SETUP_TOKEN } },
    headers: API_HEADERS,
  });
  if (response.ok()) return;
  const body = await response.json();
  if (!["user_already_exists", "signup_disabled"].includes(body.code))
    throw new Error(`Could not create the owner account: ${JSON.stringify(body)}`);
}

/** Fills and submits the /signin form. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs the owner in through the /signin form and waits for the dashboard. */
export async function signInAsOwner(page: Page): Promise<void> {
  await ensureOwnerAccount(page);
  await submitSignIn(page, OWNER.email, OWNER.password);
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome,/ })).toBeVisible();
}
