import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Session } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClient, signUp, SERVER_START_TIMEOUT, withoutBreakHints } from "../helpers/auth";
import { startServer, type RunningServer } from "../helpers/server";

// proxy.ts with the @supabase/ssr cookie: refreshes a session that is about to expire (access
// tokens live 60 s here, inside supabase-js's 90-second refresh margin) and guards owner routes.

const OWNER = { email: "owner@example.com", password: "proxy-pass-1" };
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-proxy-"));
  server = await startServer({ DATA_DIR: dataDir, AUTH_JWT_EXPIRY: "60" });
  await signUp(server.url, OWNER.email, OWNER.password);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newSession(): Promise<Session> {
  const { data, error } = await createTestClient(server.url).auth.signInWithPassword(OWNER);
  if (error) throw error;
  return data.session!;
}

/** The cookie exactly as @supabase/ssr writes it for http://localhost:<port>. */
const sessionCookie = (session: unknown) =>
  `sb-localhost-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;

function readSessionFromSetCookie(response: Response): Session | null {
  for (const header of response.headers.getSetCookie()) {
    const match = /^sb-localhost-auth-token=base64-([^;]+)/.exec(header);
    if (match) return JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Session;
  }
  return null;
}

describe("proxy.ts session handling", () => {
  it("refreshes an expiring session cookie and renders the owner page with it", async () => {
    const session = await newSession();
    const response = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: sessionCookie(session) },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(withoutBreakHints(await response.text())).toContain(OWNER.email);
    const refreshed = readSessionFromSetCookie(response);
    expect(refreshed?.refresh_token).toBeTruthy();
    expect(refreshed?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed?.user.email).toBe(OWNER.email);
    expect(response.headers.get("cache-control")).toMatch(/private|no-store/);
  });

  it("sends a forged or signed-out session to /signin", async () => {
    const session = await newSession();
    const [header, payload] = session.access_token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    claims.exp = Math.floor(Date.now() / 1000) + 3600; // no refresh needed, but the signature breaks
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.AAAA`;
    const forgedResponse = await fetch(`${server.url}/dashboard`, {
      headers: {
        cookie: sessionCookie({ ...session, access_token: forged, expires_at: claims.exp }),
      },
      redirect: "manual",
    });
    expect(forgedResponse.status).toBe(307);
    expect(forgedResponse.headers.get("location")).toMatch(/\/signin$/);

    // Signed out elsewhere: the refresh fails and the server does not accept the old token.
    const signedOut = await newSession();
    const logout = await fetch(`${server.url}/auth/v1/logout?scope=global`, {
      method: "POST",
      headers: { authorization: `Bearer ${signedOut.access_token}` },
    });
    expect(logout.status).toBe(204);
    const after = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: sessionCookie(signedOut) },
      redirect: "manual",
    });
    expect(after.status).toBe(307);
    expect(after.headers.get("location")).toMatch(/\/signin$/);
  });

  it("lets visitors without a session cookie through without a session check", async () => {
    const owner = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: "theme=dark" },
      redirect: "manual",
    });
    expect(owner.status).toBe(307);
    expect(owner.headers.get("location")).toMatch(/\/signin$/);
    // A page the proxy runs for (the cached public pages skip it altogether).
    const signIn = await fetch(`${server.url}/signin`, { headers: { cookie: "theme=dark" } });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });
});
