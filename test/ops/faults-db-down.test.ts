import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, SERVER_START_TIMEOUT } from "../helpers/auth";
import { call, multipart, OWNER_EMAIL, PASSWORD } from "../helpers/api-client";
import { pngOfSize } from "../helpers/media-fixtures";
import { startPgServer, type PgServer } from "../helpers/pg-server";
import { startServer, type RunningServer } from "../helpers/server";

const MESSAGE = "The database is unavailable. Please try again shortly.";

let pg: PgServer;
let server: RunningServer;
let dataDir: string;
let token: string;
let projectId: string;

beforeAll(async () => {
  pg = await startPgServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-outage-"));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    OWNER_EMAILS: OWNER_EMAIL,
    AUTH_SIGNUP: "open",
  });
  token = (await signUp(server.url, OWNER_EMAIL, PASSWORD)).accessToken;
  const created = await call<{ _id: string }>(server.url, "POST", "/api/projects", {
    token,
    form: multipart([
      ["title", "Before The Outage"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: await pngOfSize(2000), name: "c.png" }],
    ]),
  });
  expect(created.status).toBe(201);
  projectId = created.body.data._id;
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  await pg?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploads = () => fs.readdirSync(path.join(dataDir, "uploads")).sort();

async function page(
  pathname: string,
): Promise<{ status: number; text: string; retry: string | null }> {
  const response = await fetch(new URL(pathname, server.url));
  return {
    status: response.status,
    text: await response.text(),
    retry: response.headers.get("retry-after"),
  };
}

/** Polls until `check` passes; the server must notice on its own, without a restart. */
async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Served from Next.js's cache once rendered (lib/site/routing-rules.ts). */
const PUBLIC_PAGES = () => [
  "/",
  "/?category=Illustration",
  // Odd spellings of those two views: rewritten to the same cached renderings.
  "/?page=0",
  "/?category=Illustration&page=01",
  `/sections/${projectId}`,
  "/about",
  "/reel",
];
const PAGES = () => [...PUBLIC_PAGES(), "/signin"];

describe("PostgreSQL server down", () => {
  it("answers 503 on the API and per-request pages, keeps serving cached pages, recovers by itself", async () => {
    for (const pathname of PAGES()) expect((await page(pathname)).status, pathname).toBe(200);
    const before = uploads();
    const cover = `/media/${before[0]}`;
    expect((await page(cover)).status).toBe(200);

    await pg.stop();

    // The API: the usual envelope, 503, no stack trace, and nothing stored for a write.
    const reads = ["/api/projects", `/api/projects/${projectId}`, `/api/sections/${projectId}`];
    for (const pathname of reads) {
      expect(await call(server.url, "GET", pathname), pathname).toEqual({
        status: 503,
        body: { success: false, message: MESSAGE, data: null },
      });
    }
    const write = await call(server.url, "POST", "/api/projects", {
      token,
      form: multipart([
        ["title", "During The Outage"],
        ["role", "Director"],
        ["category", "Illustration"],
        ["cover", { bytes: await pngOfSize(2000), name: "c.png" }],
      ]),
    });
    expect(write).toEqual({ status: 503, body: { success: false, message: MESSAGE, data: null } });
    expect(uploads()).toEqual(before);

    // Sign-in goes through the embedded auth service, which also needs the database.
    const signIn = await fetch(new URL("/auth/v1/token?grant_type=password", server.url), {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "embedded-anon-key" },
      body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toMatchObject({ msg: MESSAGE });

    // Pages rendered per request: a real 503 page with the message, asking to retry, no details.
    await eventually(async () => expect((await page("/signin")).status).toBe(503));
    for (const pathname of ["/signin", "/?q=before", "/dashboard"]) {
      const answer = await page(pathname);
      expect(answer.status, pathname).toBe(503);
      expect(answer.text).toContain(MESSAGE);
      expect(answer.text).not.toMatch(/at .+\.js:\d+|ECONNREFUSED|Error:/);
      expect(answer.retry).toBe("30");
    }
    // The cached public pages need no database: visitors keep seeing the portfolio.
    for (const pathname of PUBLIC_PAGES()) {
      const answer = await page(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.text).not.toContain(MESSAGE);
    }
    for (const pathname of PUBLIC_PAGES().slice(0, 5))
      expect((await page(pathname)).text, pathname).toContain("Before The Outage");
    // A file's access needs the database (is it a draft's, a protected project's, trashed?): none
    // is served while it cannot say, and the answer is not one a cache keeps.
    const file = await page(cover);
    expect(file).toEqual({ status: 503, text: "Temporarily unavailable", retry: "30" });
    // One never rendered cannot be made now: an error page, without error details.
    const uncached = await page("/?category=Motion%20Design");
    expect(uncached.status).toBe(500);
    expect(uncached.text).not.toMatch(/at .+\.js:\d+|ECONNREFUSED|Error:/);

    await pg.resume();

    await eventually(async () => {
      expect((await call(server.url, "GET", "/api/projects")).status).toBe(200);
      expect((await page("/signin")).status).toBe(200);
    });
    for (const pathname of PAGES()) expect((await page(pathname)).status, pathname).toBe(200);
    expect((await page(`/sections/${projectId}`)).text).toContain("Before The Outage");
    expect((await page(cover)).status).toBe(200);
    const after = await call<{ title: string }[]>(server.url, "GET", "/api/projects");
    expect(after.body.data.map((project) => project.title)).toEqual(["Before The Outage"]);
    const again = await call(server.url, "POST", "/api/projects", {
      token,
      form: multipart([
        ["title", "After The Outage"],
        ["role", "Director"],
        ["category", "Illustration"],
        ["cover", { bytes: await pngOfSize(2000), name: "c.png" }],
      ]),
    });
    expect(again.status).toBe(201);
  });

  it("/api/health answers 503 while the server is down and 200 again once it is back", async () => {
    const health = async () => {
      const response = await fetch(new URL("/api/health", server.url));
      expect(response.headers.get("cache-control")).toBe("no-store");
      return { status: response.status, body: await response.json() };
    };
    const up = await health();
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      success: true,
      data: { status: "ok", database: "ok", storage: "ok", version: expect.any(String) },
    });

    await pg.stop();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      success: false,
      message: "Unavailable",
      data: { status: "unavailable", database: "unavailable", storage: "ok" },
    });

    await pg.resume();
    await eventually(async () => expect((await health()).status).toBe(200));
  });
});
