import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPkceClient, createTestClient, SERVER_START_TIMEOUT } from "../helpers/auth";
import { decodeMailBody } from "../helpers/mail";
import { startServer, type RunningServer } from "../helpers/server";

// docs/security.md#who-can-write: nobody can claim the site before its owner. Owner rights need the one-time
// setup token (printed at first start) or a proof of the address.

const OWNER = "owner@example.com";

/** Verify links mailed to `email` (DATA_DIR/outbox), oldest first; waits for `count`. */
async function mailedLinks(dataDir: string, email: string, count: number): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  for (let i = 0; i < 100; i++) {
    const links = (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
      .map((name) => decodeMailBody(fs.readFileSync(path.join(dir, name), "utf8")))
      .filter((text) => text.includes(email))
      .map((text) => /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/.exec(text)![0])
      .map((link) => link.replace(/&amp;/g, "&"));
    if (links.length >= count) return links;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${email}`);
}

/** Whether this access token has owner rights: PUT /api/settings gets past requireOwner. */
async function hasOwnerRights(url: string, accessToken: string): Promise<boolean> {
  const response = await fetch(`${url}/api/settings`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
    body: "{}",
  });
  return response.status !== 401 && response.status !== 403;
}

async function codeFrom(link: string): Promise<string | null> {
  const response = await fetch(link, { redirect: "manual" });
  return new URL(response.headers.get("location")!).searchParams.get("code");
}

describe("with OWNER_EMAILS set", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-claim-listed-"));
    server = await startServer({ DATA_DIR: dataDir, OWNER_EMAILS: OWNER, AUTH_SETUP_TOKEN: "" });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenFile = () => path.join(dataDir, "auth", "setup-token");

  it("someone signing up first with the owner's address gets no session, no rights, no sign-in", async () => {
    // No owner yet: the start made the token's file.
    expect(fs.existsSync(tokenFile())).toBe(true);
    const attackerStore = new Map<string, string>();
    const attacker = createPkceClient(server.url, attackerStore);
    const squatted = await attacker.auth.signUp({ email: OWNER, password: "Squatter-pass-1" });
    expect(squatted.error).toBeNull();
    expect(squatted.data.session).toBeNull();
    expect(squatted.data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await createTestClient(server.url).auth.signInWithPassword({
      email: OWNER,
      password: "Squatter-pass-1",
    });
    expect(signIn.error).toMatchObject({ status: 400, code: "email_not_confirmed" });

    // The confirmation link went to the owner's inbox. Opened there, its code is useless
    // without the verifier the attacker's browser holds, so the account stays unproven.
    const [link] = await mailedLinks(dataDir, OWNER, 1);
    const code = await codeFrom(link!);
    const ownerBrowser = createPkceClient(server.url);
    expect((await ownerBrowser.auth.exchangeCodeForSession(code!)).error).not.toBeNull();
    const stillRefused = await createTestClient(server.url).auth.signInWithPassword({
      email: OWNER,
      password: "Squatter-pass-1",
    });
    expect(stillRefused.error).toMatchObject({ code: "email_not_confirmed" });
  });

  it("the real owner claims the address through a reset link and gets owner rights", async () => {
    const browser = createPkceClient(server.url);
    const before = (await mailedLinks(dataDir, OWNER, 1)).length;
    await browser.auth.resetPasswordForEmail(OWNER, { redirectTo: `${server.url}/auth/callback` });
    const links = await mailedLinks(dataDir, OWNER, before + 1);
    const code = await codeFrom(links.at(-1)!);
    const session = await browser.auth.exchangeCodeForSession(code!);
    expect(session.error).toBeNull();
    expect(await browser.auth.updateUser({ password: "Real-owner-pass-1" })).toMatchObject({
      error: null,
    });
    const signedIn = await createTestClient(server.url).auth.signInWithPassword({
      email: OWNER,
      password: "Real-owner-pass-1",
    });
    expect(signedIn.error).toBeNull();
    expect(await hasOwnerRights(server.url, signedIn.data.session!.access_token)).toBe(true);
    // The owner exists: the token's file, made at start, is gone with OWNER_EMAILS too.
    expect(fs.existsSync(tokenFile())).toBe(false);
    const squatter = await createTestClient(server.url).auth.signInWithPassword({
      email: OWNER,
      password: "Squatter-pass-1",
    });
    expect(squatter.error?.message).toBe("Invalid login credentials");

    // Sign-up is closed: the owner's address gets the answer any other address gets.
    const answers = [];
    for (const email of [OWNER, "someone-else@example.com"]) {
      const response = await fetch(`${server.url}/auth/v1/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "Another-pass-1" }),
      });
      const body = await response.json();
      answers.push([response.status, body.error_code ?? body.code, body.msg ?? body.message]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![1]).toBe("signup_disabled");
  });

  it(
    "a listed address confirmed in the browser that signed up is the owner",
    async () => {
      const second = "second-owner@example.com";
      await server.stop();
      // A file an older version left beside an existing owner goes at the next start.
      fs.writeFileSync(tokenFile(), "left-over-token\n", { mode: 0o600 });
      server = await startServer({
        DATA_DIR: dataDir,
        OWNER_EMAILS: `${OWNER},${second}`,
        AUTH_SETUP_TOKEN: "",
      });
      const browser = createPkceClient(server.url);
      const signedUp = await browser.auth.signUp({
        email: second,
        password: "Second-owner-1",
        options: { emailRedirectTo: `${server.url}/auth/callback` },
      });
      expect(signedUp.data.session).toBeNull();
      expect(fs.existsSync(tokenFile())).toBe(false);
      const [link] = await mailedLinks(dataDir, second, 1);
      const session = await browser.auth.exchangeCodeForSession((await codeFrom(link!))!);
      expect(session.error).toBeNull();
      expect(await hasOwnerRights(server.url, session.data.session!.access_token)).toBe(true);
    },
    SERVER_START_TIMEOUT,
  );
});

describe("with OWNER_EMAILS empty", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-claim-first-"));
    server = await startServer({ DATA_DIR: dataDir, OWNER_EMAILS: "", AUTH_SETUP_TOKEN: "" });
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the first account needs the setup token printed at start; it then is the owner", async () => {
    const client = () => createTestClient(server.url);
    const without = await client().auth.signUp({ email: OWNER, password: "First-owner-1" });
    expect(without.error).toMatchObject({ status: 403, code: "setup_token_required" });
    const wrong = await client().auth.signUp({
      email: OWNER,
      password: "First-owner-1",
      options: { data: { setup_token: "guessed-token-guessed-token" } },
    });
    expect(wrong.error).toMatchObject({ status: 403, code: "setup_token_required" });
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings.disable_signup).toBe(false); // nothing was created

    const file = path.join(dataDir, "auth", "setup-token");
    const token = fs.readFileSync(file, "utf8").trim();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain(`/signup?setup_token=${token}`);
    const created = await client().auth.signUp({
      email: OWNER,
      password: "First-owner-1",
      options: { data: { setup_token: token } },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).not.toHaveProperty("setup_token");
    expect(await hasOwnerRights(server.url, created.data.session!.access_token)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });
});
