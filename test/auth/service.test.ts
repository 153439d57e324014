import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isAuthApiError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestClient,
  signIn,
  signUp,
  TEST_ANON_KEY,
  SERVER_START_TIMEOUT,
} from "../helpers/auth";
import { startServer, type RunningServer } from "../helpers/server";

// The embedded auth service, driven by the real supabase-js client against `next start`.

const OWNER = { email: "Owner@Example.com", password: "first-pass-123" };
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-service-"));
  server = await startServer({ DATA_DIR: dataDir, AUTH_REFRESH_REUSE_INTERVAL: "1" });
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("embedded auth service", () => {
  it("publishes an ES256 key and open sign-up before the first account", async () => {
    const jwks = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get("cache-control")).toBe("public, max-age=600");
    const { keys } = (await jwks.json()) as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(keys[0]?.kid).toBeTruthy();
    expect(keys[0]).not.toHaveProperty("d");
    expect(fs.existsSync(path.join(dataDir, "auth", "jwt-signing-key.json"))).toBe(true);
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, external: { email: true } });
  });

  it("lets the first account sign up, lower-cased, then closes sign-up", async () => {
    const first = await signUp(server.url, OWNER.email, OWNER.password);
    expect(first.user.email).toBe("owner@example.com");
    expect(first.user.aud).toBe("authenticated");
    expect(first.user.app_metadata).toEqual({ provider: "email", providers: ["email"] });

    const { data, error } = await createTestClient(server.url).auth.signUp({
      email: "second@example.com",
      password: "another-pass",
    });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: "signup_disabled" });
    expect(error?.message).toBe("Signups not allowed for this instance");
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings.disable_signup).toBe(true);
  });

  it("signs in with the password and refuses a wrong one or an unknown address alike", async () => {
    const session = await signIn(server.url, "owner@example.com", OWNER.password);
    expect(session.accessToken.split(".")).toHaveLength(3);

    const client = createTestClient(server.url);
    const wrong = await client.auth.signInWithPassword({
      email: OWNER.email,
      password: "nope-nope-nope",
    });
    expect(wrong.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    expect(wrong.error?.message).toBe("Invalid login credentials");
    const unknown = await client.auth.signInWithPassword({
      email: "nobody@example.com",
      password: "whatever-123",
    });
    expect(unknown.error?.message).toBe("Invalid login credentials");
    expect(unknown.error?.status).toBe(400);
  });

  it("answers clients without the API version header in the legacy error shape", async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: TEST_ANON_KEY },
      body: JSON.stringify({ email: OWNER.email, password: "wrong-password" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("verifies getClaims() locally through JWKS, without calling /user", async () => {
    const requested: string[] = [];
    const client = createTestClient(server.url);
    const recording = createTestClientWithFetch(server.url, (url) => requested.push(url));
    const { data } = await client.auth.signInWithPassword(OWNER);
    const token = data.session!.access_token;
    const { data: claims, error } = await recording.auth.getClaims(token);
    expect(error).toBeNull();
    expect(claims?.header).toMatchObject({ alg: "ES256", typ: "JWT" });
    expect(claims?.claims).toMatchObject({
      sub: data.user!.id,
      aud: "authenticated",
      role: "authenticated",
      email: "owner@example.com",
      aal: "aal1",
      iss: `${server.url}/auth/v1`,
    });
    expect(requested.some((url) => url.endsWith("/auth/v1/.well-known/jwks.json"))).toBe(true);
    expect(requested.some((url) => url.includes("/auth/v1/user"))).toBe(false);

    const tampered = `${token.slice(0, -4)}AAAA`;
    const bad = await recording.auth.getClaims(tampered);
    expect(bad.error?.message).toMatch(/signature/i);
  });

  it("rotates refresh tokens once and revokes the session when an old one is replayed", async () => {
    const client = createTestClient(server.url);
    const { data } = await client.auth.signInWithPassword(OWNER);
    const first = data.session!;
    const rotated = await client.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(rotated.error).toBeNull();
    const second = rotated.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(first.user.id);

    await sleep(1500); // past AUTH_REFRESH_REUSE_INTERVAL=1
    const replay = await createTestClient(server.url).auth.refreshSession({
      refresh_token: first.refresh_token,
    });
    expect(replay.error).toMatchObject({ code: "refresh_token_already_used", status: 400 });
    // The replay ended the session: its current tokens are refused too.
    const current = await createTestClient(server.url).auth.refreshSession({
      refresh_token: second.refresh_token,
    });
    expect(current.error?.code).toBe("refresh_token_not_found");
    expect(await fetchUser(second.access_token)).toEqual({
      status: 403,
      code: "session_not_found",
    });
  });

  it("accepts a concurrent refresh of the same token within the reuse interval", async () => {
    const { refreshToken } = await signIn(server.url, OWNER.email, OWNER.password);
    const [a, b] = await Promise.all([
      createTestClient(server.url).auth.refreshSession({ refresh_token: refreshToken }),
      createTestClient(server.url).auth.refreshSession({ refresh_token: refreshToken }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).not.toBe(b.data.session!.refresh_token);
  });

  it("refuses the old access token after sign-out", async () => {
    const client = createTestClient(server.url);
    const { data } = await client.auth.signInWithPassword(OWNER);
    const token = data.session!.access_token;
    expect((await client.auth.getUser(token)).data.user?.email).toBe("owner@example.com");
    expect((await client.auth.signOut({ scope: "local" })).error).toBeNull();

    const after = await createTestClient(server.url).auth.getUser(token);
    expect(after.data.user).toBeNull();
    // supabase-js reports the service's 403 session_not_found as a missing session.
    expect(after.error?.message).toBe("Auth session missing!");
    expect(await fetchUser(token)).toEqual({ status: 403, code: "session_not_found" });
    const refresh = await createTestClient(server.url).auth.refreshSession({
      refresh_token: data.session!.refresh_token,
    });
    expect(refresh.error).not.toBeNull();
  });

  it("changes the password, refuses the same one, and ends the other sessions", async () => {
    const other = await signIn(server.url, OWNER.email, OWNER.password);
    const client = createTestClient(server.url);
    await client.auth.signInWithPassword(OWNER);
    const same = await client.auth.updateUser({ password: OWNER.password });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    const weak = await client.auth.updateUser({ password: "abc" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });

    const changed = await client.auth.updateUser({ password: "second-pass-456" });
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).data.user?.email).toBe("owner@example.com");
    expect(await fetchUser(other.accessToken)).toEqual({
      status: 403,
      code: "session_not_found",
    });
    await expect(signIn(server.url, OWNER.email, OWNER.password)).rejects.toThrow(
      "Invalid login credentials",
    );
    OWNER.password = "second-pass-456";
    await expect(signIn(server.url, OWNER.email, OWNER.password)).resolves.toBeTruthy();
  });

  it("answers 429 over_request_rate_limit once a client exceeds the sign-up budget", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 32 }, (_, index) =>
        createTestClient(server.url).auth.signUp({
          email: `flood${index}@example.com`,
          password: "flood-pass",
        }),
      ),
    );
    const limited = attempts.filter(({ error }) => error?.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.error).toMatchObject({ code: "over_request_rate_limit" });
    expect(limited[0]?.error?.message).toBe("Request rate limit reached");
  });
});

async function fetchUser(accessToken: string) {
  const response = await fetch(`${server.url}/auth/v1/user`, {
    headers: { Authorization: `Bearer ${accessToken}`, "X-Supabase-Api-Version": "2024-01-01" },
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code };
}

function createTestClientWithFetch(baseUrl: string, record: (url: string) => void) {
  return createTestClient(baseUrl, (input, init) => {
    record(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  });
}
