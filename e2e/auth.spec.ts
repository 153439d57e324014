import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ensureOwnerAccount, OWNER, signInAsOwner, submitSignIn } from "./helpers/owner";
import { waitForResetLink } from "./helpers/outbox";

const OWNER_ROUTES = [
  "/addproject",
  "/dashboard",
  "/editsectionpage/0123456789abcdef01234567",
  "/addsection/0123456789abcdef01234567",
];

test.describe("owner sign-in", () => {
  for (const route of OWNER_ROUTES) {
    test(`a visitor opening ${route} is sent to /signin`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    });
  }

  test("a forged x-middleware-subrequest header does not get past the guard", async ({
    request,
  }) => {
    const response = await request.get("/dashboard", {
      headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toMatch(/\/signin$/);
  });

  test("a wrong password shows the auth service's message", async ({ page }) => {
    await ensureOwnerAccount(page);
    await submitSignIn(page, OWNER.email, "not-the-password");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid login credentials");
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("signing in lands on the dashboard with 'Welcome,' and the e-mail", async ({ page }) => {
    await signInAsOwner(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${OWNER.email}`);
    // The session survives a reload: it lives in the cookie the server reads.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${OWNER.email}`);
  });

  test("the Google button explains when Google sign-in is not configured", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Google sign-in is not set up for this site yet.",
    );
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("sign-up explains that it is closed once the owner exists", async ({ page }) => {
    await ensureOwnerAccount(page);
    await page.goto("/signup");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Sign-up is closed");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeDisabled();
  });

  test("sign-out returns to /signin and the owner pages are closed again", async ({ page }) => {
    await signInAsOwner(page);
    await expect(page.getByRole("link", { name: "New Project" }).first()).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New Project" })).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("forgot password, end to end through the mailed link", async ({ page, baseURL }) => {
    await ensureOwnerAccount(page);
    await page.goto("/signin");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Please enter your email to reset your password.",
    );

    const since = Date.now() - 1000;
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "A password reset email has been sent to your inbox.",
    );

    const link = await waitForResetLink(OWNER.email, baseURL!, since);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password$/);
    const temporary = "Temporary-pass-42";
    await page.getByLabel("New password").fill(temporary);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Password has been reset successfully.",
    );

    // The old password is refused, the new one works.
    await page.context().clearCookies();
    await submitSignIn(page, OWNER.email, OWNER.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid login credentials");
    await submitSignIn(page, OWNER.email, temporary);
    await page.waitForURL("**/dashboard");

    // Put the shared owner password back for the specs that follow.
    await page.goto("/reset-password");
    await page.getByLabel("New password").fill(OWNER.password);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Password has been reset successfully.",
    );
  });

  test("a used or broken reset link explains itself on /signin", async ({ page }) => {
    await page.goto(
      "/auth/v1/verify?token=not-a-real-token&type=recovery&redirect_to=/auth/callback",
    );
    await expect(page).toHaveURL(/\/signin\?error_description=/);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Email link is invalid or has expired",
    );
  });

  // One test per screen: axe's two injections take 3–7 s a page on a slow machine, so four in one
  // test can run past its 30 s.
  for (const route of ["/signin", "/signup", "/reset-password", "/loadingpage"]) {
    test(`${route} has no detectable accessibility violations`, async ({ page }) => {
      await page.goto(route);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${route}: ${v.id}`)).toEqual([]);
    });
  }
});
