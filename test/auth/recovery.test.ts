import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPkceClient,
  createTestClient,
  signIn,
  signUp,
  SERVER_START_TIMEOUT,
} from "../helpers/auth";
import { decodeMailBody, findVerifyLink, startSmtpServer } from "../helpers/mail";
import { startServer, type RunningServer } from "../helpers/server";

// Forgotten password, end to end: supabase-js → /recover → a real SMTP listener → the link →
// /verify → PKCE exchange (or implicit tokens) → new password.

const EMAIL = "owner@example.com";
let password = "old-password-1";
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-recovery-"));
  server = await startServer({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: "site@example.com",
    AUTH_SIGNUP: "open", // a second account for the implicit-flow case
  });
  await signUp(server.url, EMAIL, password);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pkceClient = () => createPkceClient(server.url);

async function openLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

const callbackUrl = () => `${server.url}/auth/callback`;

describe("password recovery", () => {
  it("mails a link that, exchanged with the PKCE verifier, lets the owner set a new password", async () => {
    const client = pkceClient();
    const mailArrives = smtp.nextMail();
    const { error } = await client.auth.resetPasswordForEmail(EMAIL, { redirectTo: callbackUrl() });
    expect(error).toBeNull();
    const mail = await mailArrives;
    expect(mail.to).toEqual([EMAIL]);
    expect(mail.raw).toMatch(/^From: site@example.com/m);
    expect(mail.raw).toMatch(/^Subject: Reset your password for /m);
    expect(decodeMailBody(mail.raw)).toContain("expires in 60 minutes");

    const link = findVerifyLink(mail.raw);
    expect(link.startsWith(`${server.url}/auth/v1/verify?`)).toBe(true);
    const landing = await openLink(link);
    expect(`${landing.origin}${landing.pathname}`).toBe(callbackUrl());
    const code = landing.searchParams.get("code");
    expect(code).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(EMAIL);
    // The verifier was stored as "<verifier>/recovery", so the client knows it is a recovery.
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe("recovery");
    const { data: claims } = await client.auth.getClaims();
    expect(claims?.claims.amr).toEqual([expect.objectContaining({ method: "recovery" })]);

    expect((await client.auth.updateUser({ password: "new-password-2" })).error).toBeNull();
    await expect(signIn(server.url, EMAIL, password)).rejects.toThrow("Invalid login credentials");
    password = "new-password-2";
    await expect(signIn(server.url, EMAIL, password)).resolves.toMatchObject({
      user: { email: EMAIL },
    });

    // The link and the code work once.
    const again = await openLink(link);
    expect(again.searchParams.get("error_code")).toBe("otp_expired");
    expect(again.searchParams.get("error_description")).toBe(
      "Email link is invalid or has expired",
    );
    const reused = await pkceClient().auth.exchangeCodeForSession(code!);
    expect(reused.error).not.toBeNull();
  });

  // docs/security.md#rate-limits: a second request within 60 seconds is answered like any other (a 429 would tell
  // that the account exists) and sends no second mail.
  it("sends no other mail to the same account within 60 seconds, answering as always", async () => {
    const before = smtp.received.length;
    const { data, error } = await pkceClient().auth.resetPasswordForEmail(EMAIL);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const before = smtp.received.length;
    const { data, error } = await pkceClient().auth.resetPasswordForEmail("nobody@example.com");
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it("rejects a wrong PKCE verifier and an unknown code", async () => {
    const unknown = await createTestClient(server.url).auth.exchangeCodeForSession(
      "00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.error).not.toBeNull();
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({
        auth_code: "00000000-0000-4000-8000-000000000000",
        code_verifier: "x".repeat(43),
      }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "flow_state_not_found" });
  });

  it("uses the implicit flow for clients without PKCE and never redirects off-site", async () => {
    const other = "second@example.com";
    await signUp(server.url, other, "second-password-1");
    const client = createTestClient(server.url); // implicit flow
    const mailArrives = smtp.nextMail();
    const sent = await client.auth.resetPasswordForEmail(other, {
      redirectTo: "https://evil.example/steal",
    });
    expect(sent.error).toBeNull();
    const link = findVerifyLink((await mailArrives).raw);
    expect(new URL(link).searchParams.get("redirect_to")).toBe(server.url);

    const landing = await openLink(link);
    expect(landing.origin).toBe(server.url);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(Number(fragment.get("expires_in"))).toBe(3600);
    const { data } = await client.auth.getUser(fragment.get("access_token")!);
    expect(data.user?.email).toBe(other);
  });
});
