import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, SERVER_START_TIMEOUT } from "../helpers/auth";
import { startServer, type RunningServer } from "../helpers/server";

// Hosted mode: the site points NEXT_PUBLIC_SUPABASE_URL at another origin (here a second
// instance's embedded service standing in for a Supabase project). Its own /auth/v1 is gone and
// its browser and server clients talk to that origin.

const OWNER = { email: "owner@example.com", password: "hosted-pass-1" };
let hosted: RunningServer;
let site: RunningServer;
let browser: Browser;
const dirs: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-hosted-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  hosted = await startServer({ DATA_DIR: tempDir() });
  site = await startServer({
    DATA_DIR: tempDir(),
    NEXT_PUBLIC_SUPABASE_URL: hosted.url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: "hosted-anon-key",
    OWNER_EMAILS: OWNER.email,
  });
  await signUp(hosted.url, OWNER.email, OWNER.password);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await hosted?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("hosted Supabase mode", () => {
  it("answers 404 on every embedded endpoint", async () => {
    for (const [method, endpoint] of [
      ["GET", "settings"],
      ["GET", ".well-known/jwks.json"],
      ["POST", "signup"],
      ["POST", "token?grant_type=password"],
    ] as const) {
      const response = await fetch(`${site.url}/auth/v1/${endpoint}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? JSON.stringify(OWNER) : undefined,
      });
      expect(response.status, `${method} ${endpoint}`).toBe(404);
    }
  });

  it("signs in through the hosted service and the site's server accepts that session", async () => {
    const page = await browser.newPage();
    const authCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/auth/v1/")) authCalls.push(request.url());
    });
    await page.goto(`${site.url}/signin`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${site.url}/dashboard`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(`Welcome, ${OWNER.email}`);
    expect(authCalls).toContain(`${hosted.url}/auth/v1/token?grant_type=password`);
    expect(authCalls.filter((url) => url.startsWith(site.url))).toEqual([]);

    // Signing out at the hosted service ends the session for the site's server too.
    await page.getByRole("main").getByRole("link", { name: "Sign Out" }).click();
    await page.waitForURL(`${site.url}/signin`);
    await page.goto(`${site.url}/dashboard`);
    await page.waitForURL(`${site.url}/signin`);
    await page.close();
  });
});
