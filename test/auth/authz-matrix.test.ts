import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signIn,
  signUp,
  SERVER_START_TIMEOUT,
  withoutBreakHints,
  type SignedIn,
} from "../helpers/auth";
import {
  ownerReads,
  seedThroughApi,
  writeRequests,
  type WriteRequest,
} from "../helpers/authz-requests";
import {
  cookieOf,
  credentials as allCredentials,
  crossSite as crossSiteOwner,
  type Credential,
} from "../helpers/authz-credentials";
import { forgeTokens, siteKeyFile, type ForgedToken } from "../helpers/authz-tokens";
import { startServer, type RunningServer } from "../helpers/server";
import { captureSiteState, type SiteState } from "../helpers/site-state";

// reliability/REPORT.md §1: every write route × every way of pretending to be the owner → 401/403 with the
// envelope, every owner page × the same → /signin, and afterwards the database and media folder
// byte-for-byte as before. One server run for the whole matrix (PGlite is read while stopped).

const OWNER = { email: "owner@example.com", password: "Owner-pass-1" };
const VISITOR = { email: "visitor@example.com", password: "Visitor-pass-1" };
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  OWNER_EMAILS: "", // the first account is the owner
  AUTH_SIGNUP: "open", // so a second, non-owner account exists
});

let dataDir: string;
let server: RunningServer;
let before: SiteState;
let owner: SignedIn;
let visitor: SignedIn;
let signedOut: SignedIn;
let forged: ForgedToken[];
let requests: WriteRequest[];
let reads: WriteRequest[];
let pages: string[];
let ownerMarkers: string[];
let streamedRedirects = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "authz-matrix-"));
  server = await startServer(env(dataDir));
  owner = await signUp(server.url, OWNER.email, OWNER.password);
  visitor = await signUp(server.url, VISITOR.email, VISITOR.password);
  const ids = await seedThroughApi(server.url, owner.accessToken);
  signedOut = await signIn(server.url, OWNER.email, OWNER.password);
  const logout = await fetch(`${server.url}/auth/v1/logout?scope=local`, {
    method: "POST",
    headers: { authorization: `Bearer ${signedOut.accessToken}` },
  });
  expect(logout.status).toBe(204);
  const jwksText = await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).text();
  forged = await forgeTokens({
    ownerToken: owner.accessToken,
    visitorToken: visitor.accessToken,
    siteKeyFile: siteKeyFile(dataDir),
    jwksText,
  });
  requests = await writeRequests(ids);
  reads = ownerReads(ids.messageId);
  pages = [
    "/dashboard",
    "/addproject",
    `/addsection/${ids.projectId}`,
    `/editsectionpage/${ids.sectionId}`,
    `/editproject/${ids.projectId}`,
    "/inbox",
    `/inbox?folder=spam&id=${ids.messageId}`,
    `/inbox?folder=spam&before=${ids.messageId}`,
    "/insights",
    "/insights?days=90",
  ];
  // Owner content of the owner pages (page titles are not: they name public routes).
  ownerMarkers = [
    ">New Project<",
    '"New Project"',
    "are required; fields marked (optional) are not",
    "Night Drive",
    "Storyboard",
    OWNER.email,
    "Messages sent with the contact form",
    "counted without cookies",
  ];
  await server.stop();
  before = await captureSiteState({ dataDir });
  server = await startServer(env(dataDir));
}, 2 * SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const credentials = () => allCredentials({ owner, visitor, signedOut, forged });
const crossSite = () => crossSiteOwner(owner);

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

async function send(request: WriteRequest, headers: Record<string, string>) {
  const init: RequestInit = { method: request.method, headers: { ...headers } };
  if (request.method !== "DELETE" && request.method !== "GET") init.body = request.body();
  if (request.json) (init.headers as Record<string, string>)["content-type"] = "application/json";
  const response = await fetch(new URL(request.path, server.url), init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported below as a malformed envelope.
  }
  return { status: response.status, body };
}

/**
 * What an owner page answers to `credential`: null when it sends it to the expected page without
 * any owner content, else a description. An RSC request (client navigation) is first redirected
 * by Next.js to its cache-busting `_rsc` address, which is followed.
 */
async function checkOwnerPage(page: string, credential: Credential, rsc: boolean) {
  const headers = { ...credential.headers(server.url), ...(rsc ? { rsc: "1" } : {}) };
  let response = await fetch(new URL(page, server.url), { headers, redirect: "manual" });
  const hop = response.headers.get("location");
  if (rsc && hop && new URL(hop, server.url).searchParams.has("_rsc"))
    response = await fetch(new URL(hop, server.url), { headers, redirect: "manual" });
  const body = await response.text();
  const location = response.headers.get("location");
  const target = location ? new URL(location, server.url).pathname : null;
  const leaked = ownerMarkers.filter((marker) => withoutBreakHints(body).includes(marker));
  const expected = credential.page!;
  const redirected = response.status >= 300 && response.status < 400 && target === expected;
  // A redirect decided after the answer started (client navigations (RSC), and a non-owner's
  // visit, decided inside the loading boundary): a 200 whose payload carries the redirect.
  const streamed = response.status === 200 && body.includes(`NEXT_REDIRECT;replace;${expected};`);
  // A signed-in non-owner's dashboard says there is nothing to manage.
  const nonOwner =
    expected === "/dashboard" &&
    page === "/dashboard" &&
    response.status === 200 &&
    body.includes("This account has no owner rights");
  if (streamed) streamedRedirects++;
  if ((redirected || streamed || nonOwner) && leaked.length === 0) return null;
  return `${response.status} → ${location ?? "-"}${leaked.length ? `, shows ${leaked.join(", ")}` : ""}`;
}

describe("authorization matrix", () => {
  it("refuses every write, and every owner read, to every pretender with 401/403 and the envelope", async () => {
    const cases = [
      ...[...credentials(), ...crossSite()].flatMap((credential) =>
        requests.map((request) => ({ credential, request })),
      ),
      ...credentials().flatMap((credential) => reads.map((request) => ({ credential, request }))),
    ];
    const failures: string[] = [];
    await inBatches(cases, 8, async ({ credential, request }) => {
      const { status, body } = await send(request, credential.headers(server.url));
      const envelope = body as { success?: unknown; message?: unknown; data?: unknown };
      const refused = credential.status
        ? status === credential.status
        : status === 401 || status === 403;
      const wellFormed =
        envelope?.success === false &&
        typeof envelope.message === "string" &&
        envelope.message.length > 0 &&
        envelope.data === null;
      if (!refused || !wellFormed)
        failures.push(
          `${request.name} × ${credential.name}: ${status} ${JSON.stringify(body).slice(0, 160)}`,
        );
    });
    console.log(`authorization matrix: ${cases.length} write and owner-read cases`);
    expect(failures).toEqual([]);
  });

  it("lets the owner's own Bearer token and same-site cookie through to validation (control)", async () => {
    // An invalid body after authorization is a 400 and writes nothing: proof that the refusals
    // above come from the credentials, not from a server that refuses everything.
    const invalid = {
      method: "PUT",
      path: requests[3]!.path,
      name: "",
      json: true,
      body: () => "{}",
    };
    const owners: Record<string, string>[] = [
      { authorization: `Bearer ${owner.accessToken}` },
      { cookie: cookieOf(owner), origin: server.url },
    ];
    for (const headers of owners) expect((await send(invalid, headers)).status).toBe(400);
    // The owner's reads answer, with either (and write nothing: checked at the end).
    for (const read of reads)
      for (const headers of owners) expect((await send(read, headers)).status, read.path).toBe(200);
  });

  it("refuses account changes through /auth/v1 to forged and dead tokens, and to cookies", async () => {
    // The auth service answers any origin (CORS *), so it must never act on a cookie; a password
    // change or a global sign-out needs a live Bearer token. PUT /user is rate-limited before the
    // token is read (30 per 5 minutes for all clients), so it gets the token forms only.
    const bearerForms = credentials().filter(
      (c) => c.name === "no session" || (c.name.startsWith("Bearer:") && c.status === 401),
    );
    const ownerCookie: Credential = {
      name: "the owner's valid cookie, same Origin, no Bearer",
      headers: (url) => ({ cookie: cookieOf(owner), origin: url }),
      status: null,
      page: null,
    };
    const subrequest = credentials().filter(
      (c) => c.name.startsWith("x-middleware-subrequest") && !c.name.endsWith("cookie"),
    );
    const cases = [
      ...[...bearerForms, ownerCookie].map((credential) => ({
        credential,
        path: "/user",
        method: "PUT",
      })),
      ...[...bearerForms, ownerCookie, ...subrequest].map((credential) => ({
        credential,
        path: "/logout?scope=global",
        method: "POST",
      })),
    ];
    const failures: string[] = [];
    await inBatches(cases, 8, async ({ credential, path: pathname, method }) => {
      const response = await fetch(`${server.url}/auth/v1${pathname}`, {
        method,
        headers: {
          ...credential.headers(server.url),
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ password: "Taken-over-9", data: { owner: false } }),
      });
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      if (![401, 403].includes(response.status) || typeof body?.message !== "string")
        failures.push(`${method} ${pathname} × ${credential.name}: ${response.status}`);
    });
    console.log(`authorization matrix: ${cases.length} auth-service account-change cases`);
    expect(failures).toEqual([]);
    // Control: the owner's live Bearer token gets past the check (and changes nothing: the
    // "new" password is the current one).
    const control = await fetch(`${server.url}/auth/v1/user`, {
      method: "PUT",
      headers: { authorization: `Bearer ${owner.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ password: OWNER.password }),
    });
    expect(control.status).toBe(422);
  });

  it("answers the owner an owner page of an unknown project or section with a 404", async () => {
    const unknown = "0123456789abcdef01234567";
    const unknownPages = [
      `/addsection/${unknown}`,
      `/editsectionpage/${unknown}`,
      `/editproject/${unknown}`,
      "/addsection/x",
    ];
    for (const page of unknownPages) {
      const response = await fetch(new URL(page, server.url), {
        headers: { cookie: cookieOf(owner) },
        redirect: "manual",
      });
      const body = await response.text();
      expect({ page, status: response.status }).toEqual({ page, status: 404 });
      // The not-found page itself (one main landmark: e2e/owner-sections.spec.ts, in a browser).
      expect(body).toContain("Page not found");
    }
  });

  it("sends every owner page visitor to /signin and shows pretenders no owner content", async () => {
    const cases = credentials().flatMap((credential) =>
      pages.flatMap((page) => [false, true].map((rsc) => ({ credential, page, rsc }))),
    );
    const failures: string[] = [];
    await inBatches(cases, 6, async ({ credential, page, rsc }) => {
      const problem = await checkOwnerPage(page, credential, rsc);
      if (problem) failures.push(`${page}${rsc ? " (RSC)" : ""} × ${credential.name}: ${problem}`);
    });
    console.log(
      `authorization matrix: ${cases.length} owner-page cases (${streamedRedirects} redirected in the RSC/streamed payload, the rest by HTTP status)`,
    );
    expect(failures).toEqual([]);
    // Control: the real owner cookie opens the same pages, with the content looked for above.
    for (const page of pages) {
      const response = await fetch(new URL(page, server.url), {
        headers: { cookie: cookieOf(owner) },
        redirect: "manual",
      });
      expect(response.status).toBe(200);
      const body = withoutBreakHints(await response.text());
      expect(
        ownerMarkers.some((marker) => body.includes(marker)),
        page,
      ).toBe(true);
    }
  });

  it("left the database and the media folder byte-for-byte unchanged", async () => {
    await server.stop();
    const after = await captureSiteState({ dataDir });
    expect(Object.keys(after.files).length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });
});
