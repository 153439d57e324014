import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringToBase64URL } from "@supabase/ssr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPkceClient,
  signIn,
  signUp,
  SERVER_START_TIMEOUT,
  withoutBreakHints,
} from "../helpers/auth";
import { sessionCookie } from "../helpers/authz-tokens";
import { findVerifyLink } from "../helpers/mail";
import { startServer, type RunningServer } from "../helpers/server";

// reliability/REPORT.md §1 (cookies): the session cookies the server writes (proxy.ts refreshing a session,
// /auth/callback signing in with a code) are Secure when the site is https and not on plain http,
// and keep SameSite=Lax, Path=/ and no HttpOnly (the browser client reads them).

const PASSWORD = "Cookie-pass-1";
const dirs: string[] = [];
let plain: RunningServer; // http://localhost, as `npm start` and the e2e run serve it
let httpsSite: RunningServer; // NEXT_PUBLIC_SITE_URL=https://…, reached over plain http

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "session-cookies-"));
  dirs.push(dataDir);
  // Access tokens inside supabase-js's refresh margin: proxy.ts refreshes on every page view.
  return startServer({ DATA_DIR: dataDir, AUTH_JWT_EXPIRY: "60", AUTH_SIGNUP: "open", ...extra });
}

beforeAll(async () => {
  [plain, httpsSite] = await Promise.all([
    start(),
    start({ NEXT_PUBLIC_SITE_URL: "https://portfolio.example" }),
  ]);
  await Promise.all([
    signUp(plain.url, "owner@example.com", PASSWORD),
    signUp(httpsSite.url, "owner@example.com", PASSWORD),
  ]);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await Promise.all([plain?.stop(), httpsSite?.stop()]);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The Set-Cookie headers writing the session (not the code verifier), as attribute maps. */
function sessionCookies(response: Response, name = "sb-localhost-auth-token") {
  return response.headers
    .getSetCookie()
    .filter((header) => new RegExp(`^${name}(\\.\\d+)?=`).test(header))
    .map((header) => {
      const [, ...attributes] = header.split(/;\s*/);
      return new Map(
        attributes.map((attribute) => {
          const [name = "", value = ""] = attribute.split("=");
          return [name.toLowerCase(), value.toLowerCase()];
        }),
      );
    });
}

/** A page view with a session about to expire: proxy.ts refreshes it and writes the cookie. */
async function refreshThroughProxy(
  server: RunningServer,
  headers: Record<string, string> = {},
  cookieName = "sb-localhost-auth-token",
) {
  const owner = await signIn(server.url, "owner@example.com", PASSWORD);
  const cookie = sessionCookie(owner.accessToken, owner.refreshToken, owner.user, cookieName);
  const response = await fetch(`${server.url}/dashboard`, {
    headers: { cookie, ...headers },
    redirect: "manual",
  });
  expect(response.status).toBe(200);
  expect(withoutBreakHints(await response.text())).toContain("owner@example.com");
  const cookies = sessionCookies(response, cookieName);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies;
}

/**
 * Signs in through /auth/callback as a browser would after a reset link: the PKCE verifier in its
 * cookie, the code in the address; the callback writes the session cookie.
 */
async function signInThroughCallback(email: string, headers: Record<string, string> = {}) {
  await signUp(plain.url, email, PASSWORD);
  const store = new Map<string, string>();
  const client = createPkceClient(plain.url, store);
  const callback = `${plain.url}/auth/callback`;
  expect((await client.auth.resetPasswordForEmail(email, { redirectTo: callback })).error).toBe(
    null,
  );
  // Without SMTP_URL the mail is written to DATA_DIR/outbox, just after /recover answered.
  const outbox = path.join(dirs[0]!, "outbox");
  let mail: string | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    mail = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
      .map((name) => fs.readFileSync(path.join(outbox, name), "utf8"))
      .find((raw) => raw.includes(`To: ${email}`));
  }
  if (!mail) throw new Error(`No reset mail to ${email} in ${outbox}`);
  const verify = await fetch(findVerifyLink(mail), { redirect: "manual" });
  const code = new URL(verify.headers.get("location")!).searchParams.get("code");
  const verifierName = "sb-localhost-auth-token-code-verifier";
  const verifier = `base64-${stringToBase64URL(store.get(verifierName)!)}`;
  const response = await fetch(`${callback}?code=${code}`, {
    headers: { cookie: `${verifierName}=${verifier}`, ...headers },
    redirect: "manual",
  });
  expect(response.headers.get("location")).toMatch(/\/reset-password$/);
  return sessionCookies(response);
}

describe("session cookies written by the server", () => {
  it("are not Secure on plain http, and keep Path=/, SameSite=Lax, no HttpOnly", async () => {
    for (const cookies of [
      await refreshThroughProxy(plain),
      await signInThroughCallback("http@example.com"),
    ]) {
      for (const cookie of cookies) {
        expect(cookie.has("secure")).toBe(false);
        expect(cookie.has("httponly")).toBe(false);
        expect(cookie.get("samesite")).toBe("lax");
        expect(cookie.get("path")).toBe("/");
        expect(Number(cookie.get("max-age"))).toBeGreaterThan(30 * 24 * 3600);
      }
    }
  });

  it("are Secure when the request came over https (X-Forwarded-Proto from the proxy in front)", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const cookies of [
      await refreshThroughProxy(plain, https),
      await signInThroughCallback("https@example.com", https),
    ]) {
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie.has("secure")).toBe(true);
        expect(cookie.get("samesite")).toBe("lax");
      }
    }
  });

  it("work behind a TLS-terminating proxy serving the site under its own name", async () => {
    // The browser at https://portfolio.example names its cookie after that host; the proxy in
    // front forwards host and protocol to the plain-http port.
    const forwarded = { "x-forwarded-host": "portfolio.example", "x-forwarded-proto": "https" };
    const cookies = await refreshThroughProxy(plain, forwarded, "sb-portfolio-auth-token");
    for (const cookie of cookies) expect(cookie.has("secure")).toBe(true);
  });

  it("are Secure in production when the site's URL is https, even if the proxy does not say so", async () => {
    for (const cookie of await refreshThroughProxy(httpsSite)) {
      expect(cookie.has("secure")).toBe(true);
      expect(cookie.has("httponly")).toBe(false);
    }
  });
});
