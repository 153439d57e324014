import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { ensureOwnerAccount, OWNER } from "./helpers/owner";
import { startTlsProxy } from "./helpers/tls-proxy";

// The session cookie the browser client writes on sign-in: Secure exactly when the page is https
// (plain http, as `npm start` serves it, must keep working), SameSite=Lax, readable by script.

async function signInAndReadCookies(browser: Browser, baseURL: string) {
  const context: BrowserContext = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await ensureOwnerAccount(page);
    await page.goto("/signin");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
    // The server read the cookie: the owner page renders, and again after a reload.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${OWNER.email}`);
    return (await context.cookies()).filter((cookie) =>
      /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name),
    );
  } finally {
    await context.close();
  }
}

test.describe("session cookie", () => {
  test("is not Secure on plain http, SameSite=Lax and readable by the browser client", async ({
    browser,
    baseURL,
  }) => {
    const cookies = await signInAndReadCookies(browser, baseURL!);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ secure: false, httpOnly: false, sameSite: "Lax", path: "/" });
    }
  });

  test("is Secure when the site is served over https (behind a TLS-terminating proxy)", async ({
    browser,
    baseURL,
  }) => {
    const proxy = await startTlsProxy(baseURL!);
    try {
      const cookies = await signInAndReadCookies(browser, proxy.origin);
      expect(cookies.map((cookie) => cookie.name)).toContain("sb-127-auth-token");
      for (const cookie of cookies) {
        expect(cookie).toMatchObject({ secure: true, httpOnly: false, sameSite: "Lax" });
      }
    } finally {
      await proxy.close();
    }
  });
});
