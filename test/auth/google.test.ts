import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClient, SERVER_START_TIMEOUT, TEST_SETUP_TOKEN } from "../helpers/auth";
import { freePort, startServer, type RunningServer } from "../helpers/server";

// Google sign-in through a real browser against a local OpenID Connect provider (oidc-provider)
// standing in for accounts.google.com: any login name `x` signs in as the verified x@example.com.

let server: RunningServer;
let issuer: http.Server;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  const issuerPort = await freePort();
  const issuerUrl = `http://127.0.0.1:${issuerPort}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-google-"));
  server = await startServer({
    DATA_DIR: dataDir,
    GOOGLE_CLIENT_ID: "portfolio-test",
    GOOGLE_CLIENT_SECRET: "portfolio-test-secret",
    GOOGLE_ISSUER_URL: issuerUrl,
  });
  const provider = new Provider(issuerUrl, {
    clients: [
      {
        client_id: "portfolio-test",
        client_secret: "portfolio-test-secret",
        redirect_uris: [`${server.url}/auth/v1/callback`],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: `google-${id}`,
        email: `${id}@example.com`,
        email_verified: true,
      }),
    }),
    cookies: { keys: ["test-cookie-key"] },
    // Like Google, put the e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    ttl: { AccessToken: 600, IdToken: 600, Grant: 600, Session: 600, Interaction: 600 },
  });
  issuer = provider.listen(issuerPort);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  issuer?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signInWithGoogle(login: string) {
  const page = await browser.newPage();
  // The owner's first sign-in carries the setup token, as the start-up log's link does.
  await page.goto(`${server.url}/signin?setup_token=${TEST_SETUP_TOKEN}`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/127\.0\.0\.1/);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(new RegExp(`^${server.url}/(dashboard|signin)`));
  return page;
}

describe("Google sign-in (OpenID Connect)", () => {
  it("creates the first account from Google and lands on the dashboard as the owner", async () => {
    const page = await signInWithGoogle("owner");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Welcome, owner@example.com");
    expect(await page.getByText("no owner rights").count()).toBe(0);
    await page.close();
  });

  it("signs the same Google identity into the same account again", async () => {
    const page = await signInWithGoogle("owner");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.close();
  });

  it("refuses a second, unknown Google account once the owner exists", async () => {
    const page = await signInWithGoogle("stranger");
    expect(new URL(page.url()).pathname).toBe("/signin");
    await expect
      .poll(() => page.getByRole("main").getByRole("alert").textContent())
      .toBe("Signups not allowed for this instance");
    await page.close();
  });

  it("answers an unknown provider with validation_failed", async () => {
    const { data } = await createTestClient(server.url).auth.signInWithOAuth({
      provider: "github",
      options: { skipBrowserRedirect: true },
    });
    const response = await fetch(data.url!, {
      redirect: "manual",
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "validation_failed",
      message: "Unsupported provider: provider is not enabled",
    });
  });
});
