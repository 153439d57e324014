import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";

// getUser()/requireOwner() against the embedded service, in process (no HTTP server needed).

process.env.AUTH_SIGNUP = "open"; // a second, non-owner account is needed
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.OWNER_EMAILS;
// The first account (the owner) is created with the setup token, as its owner would.
process.env.AUTH_SETUP_TOKEN = "unit-owner-setup-token-0123456789";

const SITE = "http://localhost:3000";
let auth: typeof import("./index");
let dispatch: typeof import("@/lib/auth-service/router").dispatchAuthRequest;

type Session = { access_token: string; refresh_token: string; user: { id: string } };

async function callService(path: string, body: unknown, token?: string): Promise<Response> {
  const request = new Request(`${SITE}/auth/v1/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Supabase-Api-Version": "2024-01-01",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return dispatch(request, path.split("?")[0]!.split("/"));
}

async function signUp(email: string): Promise<Session> {
  const response = await callService("signup", {
    email,
    password: "long-enough-1",
    data: { setup_token: process.env.AUTH_SETUP_TOKEN },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

/** The session cookie exactly as @supabase/ssr writes it. */
function sessionCookie(session: Session): string {
  const value = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `sb-localhost-auth-token=base64-${value}`;
}

let owner: Session;
let visitor: Session;

useTestDatabase();

beforeAll(async () => {
  auth = await import("./index");
  ({ dispatchAuthRequest: dispatch } = await import("@/lib/auth-service/router"));
  owner = await signUp("owner@example.com");
  visitor = await signUp("visitor@example.com");
});

const apiRequest = (init: RequestInit = {}) => new Request(`${SITE}/api/projects`, init);

describe("getUser and requireOwner", () => {
  it("accepts the first account's Bearer token as the owner", async () => {
    const request = apiRequest({
      method: "POST",
      headers: { authorization: `Bearer ${owner.access_token}` },
    });
    await expect(auth.requireOwner(request)).resolves.toEqual({
      id: owner.user.id,
      email: "owner@example.com",
      isOwner: true,
    });
  });

  it("refuses visitors with 401 'Auth session missing!'", async () => {
    for (const headers of [{}, { authorization: "Bearer not-a-jwt" }] as Record<string, string>[]) {
      const error = await auth
        .requireOwner(apiRequest({ method: "DELETE", headers }))
        .catch((e) => e);
      expect(error).toBeInstanceOf(auth.AuthError);
      expect(error).toMatchObject({ status: 401, message: "Auth session missing!" });
    }
  });

  it("refuses a signed-in account that is not the owner with 403", async () => {
    const request = apiRequest({ headers: { authorization: `Bearer ${visitor.access_token}` } });
    expect(await auth.getUser(request)).toMatchObject({
      email: "visitor@example.com",
      isOwner: false,
    });
    await expect(auth.requireOwner(request)).rejects.toMatchObject({ status: 403 });
  });

  it("reads the @supabase/ssr cookie and checks the Origin of cookie-authenticated writes", async () => {
    const cookie = sessionCookie(owner);
    expect(await auth.getUser(apiRequest({ headers: { cookie } }))).toMatchObject({
      isOwner: true,
    });
    const sameSite = apiRequest({ method: "POST", headers: { cookie, origin: SITE } });
    await expect(auth.requireOwner(sameSite)).resolves.toMatchObject({ isOwner: true });
    for (const headers of [{ cookie, origin: "http://evil.example" }, { cookie }] as Record<
      string,
      string
    >[]) {
      const error = await auth.requireOwner(apiRequest({ method: "PUT", headers })).catch((e) => e);
      expect(error).toMatchObject({ status: 403 });
    }
    const forgedMiddleware = apiRequest({
      method: "POST",
      headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", origin: SITE },
    });
    await expect(auth.requireOwner(forgedMiddleware)).rejects.toMatchObject({ status: 401 });
  });

  it("takes the Host header as this site, and X-Forwarded-Host only behind a trusted proxy", async () => {
    const cookie = sessionCookie(owner);
    const write = (headers: Record<string, string>) =>
      auth.requireOwner(apiRequest({ method: "POST", headers: { cookie, ...headers } }));
    // Behind a proxy that keeps the Host header, the browser's Origin is that host (and the
    // cookie is named after it).
    const hostCookie = cookie.replace("sb-localhost-", "sb-portfolio-");
    await expect(
      write({ host: "portfolio.example", origin: "http://portfolio.example", cookie: hostCookie }),
    ).resolves.toMatchObject({ isOwner: true });
    // Anyone can send X-Forwarded-Host; it only counts when AUTH_TRUST_PROXY says a proxy sets it.
    const forwarded = {
      origin: "https://localhost.evil.example",
      "x-forwarded-host": "localhost.evil.example",
      "x-forwarded-proto": "https",
    };
    await expect(write(forwarded)).rejects.toMatchObject({ status: 403 });
    process.env.AUTH_TRUST_PROXY = "true";
    try {
      await expect(write(forwarded)).resolves.toMatchObject({ isOwner: true });
    } finally {
      delete process.env.AUTH_TRUST_PROXY;
    }
  });

  it("refuses a token whose session was signed out, before it expires", async () => {
    const response = await callService("token?grant_type=password", {
      email: "owner@example.com",
      password: "long-enough-1",
    });
    const session = (await response.json()) as Session;
    const request = apiRequest({ headers: { authorization: `Bearer ${session.access_token}` } });
    expect(await auth.getUser(request)).not.toBeNull();
    expect((await callService("logout?scope=local", {}, session.access_token)).status).toBe(204);
    expect(await auth.getUser(request)).toBeNull();
    // The other session of the same user is untouched by a local sign-out.
    const other = apiRequest({ headers: { authorization: `Bearer ${owner.access_token}` } });
    expect(await auth.getUser(other)).not.toBeNull();
  });

  it("gives the first account owner rights only while its address is confirmed", async () => {
    const { getDb } = await import("@/lib/db");
    const { authUsers } = await import("@/models");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    const request = apiRequest({ headers: { authorization: `Bearer ${owner.access_token}` } });
    const [row] = await db
      .update(authUsers)
      .set({ emailConfirmedAt: null })
      .where(eq(authUsers.id, owner.user.id))
      .returning({ confirmedAt: authUsers.emailConfirmedAt });
    expect(row).toEqual({ confirmedAt: null });
    try {
      expect(await auth.getUser(request)).toMatchObject({
        email: "owner@example.com",
        isOwner: false,
      });
      await expect(auth.requireOwner(request)).rejects.toMatchObject({ status: 403 });
    } finally {
      await db
        .update(authUsers)
        .set({ emailConfirmedAt: new Date() })
        .where(eq(authUsers.id, owner.user.id));
    }
    expect(await auth.getUser(request)).toMatchObject({ isOwner: true });
  });
});
