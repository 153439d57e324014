import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, SERVER_START_TIMEOUT, signIn, signUp } from "../helpers/auth";
import { call, multipart, OWNER_EMAIL, PASSWORD } from "../helpers/api-client";
import { createTestDatabase } from "../helpers/database";
import {
  compareWithRecord,
  makeMedia,
  OwnerWriter,
  readSiteData,
  WriteRecord,
  type Media,
} from "../helpers/owner-writes";
import { spawnGroup } from "../helpers/processes";
import { fetchFrom } from "../helpers/client-address";
import { afterFillTime, loadContactForm, postContact, visitorMessage } from "../helpers/contact";
import { startServer, type RunningServer } from "../helpers/server";

/**
 * Several `next start` servers behind a load balancer on one PostgreSQL database and one shared
 * media folder (docs/operations.md "Several servers"). Runs in the PostgreSQL
 * step of scripts/test.sh (TEST_DATABASE_URL); there is nothing to share on PGlite.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let env: Record<string, string>;
let a: RunningServer;
let b: RunningServer;
let media: Media;

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase(serverUrl, "portfolio_multi");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-multi-"));
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    OWNER_EMAILS: OWNER_EMAIL,
    AUTH_SIGNUP: "open",
  };
  // Both start at once on the empty database: one migrates while the other waits, and they make
  // one signing key between them.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  media = await makeMedia(3 * 1024 * 1024);
  await signUp(a.url, OWNER_EMAIL, PASSWORD);
}, SERVER_START_TIMEOUT * 2);

afterAll(async () => {
  await a?.stop("SIGKILL");
  await b?.stop("SIGKILL");
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const text = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
};

/**
 * Polls `check` (a request) until it holds; resolves with when, after the call, the request that
 * saw it was sent (its rendering time on a busy machine is not the invalidation's), or throws
 * when no request sent within `ms` saw it.
 */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const sent = performance.now() - started;
    if (sent > ms) throw new Error(`Not seen by a request sent within ${ms} ms`);
    if (await check()) return sent;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs an npm script against the shared database, as an operator would. */
function runNpm(args: string[]): Promise<{ code: number | null; output: string }> {
  const bin = path.resolve("node_modules/.bin");
  return new Promise((resolve) => {
    const child = spawnGroup("npm", ["run", "--silent", ...args], {
      env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Visits a page twice, so the second answer comes from the server's cache. */
async function cached(url: string): Promise<string> {
  await fetch(url);
  const response = await fetch(url);
  expect(response.headers.get("x-nextjs-cache"), url).toBe("HIT");
  return response.text();
}

function settingsForm(biography: string): FormData {
  return multipart([
    ["ownerName", "Sara Benali"],
    ["tagline", "Motion design from Marrakesh"],
    ["biography", biography],
    ["contactEmail", "hello@sara.example"],
    ["showreelUrl", ""],
    ["socials.behance", ""],
    ["socials.github", ""],
    ["socials.instagram", ""],
    ["socials.dribbble", ""],
  ]);
}

const projectForm = (title: string, cover?: Buffer) =>
  multipart([
    ["title", title],
    ["role", "Director"],
    ["category", "Motion Design"],
    ...(cover
      ? [["cover", { bytes: cover, name: "cover.png", type: "image/png" }] as [string, never]]
      : []),
  ]);

describe.skipIf(!serverUrl)("two servers on one PostgreSQL database", () => {
  it("share one signing key, made once although they started together", async () => {
    const jwksA = await (await fetch(`${a.url}/auth/v1/.well-known/jwks.json`)).json();
    const jwksB = await (await fetch(`${b.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwksA.keys).toHaveLength(1);
    expect(jwksB).toEqual(jwksA);
    expect(fs.existsSync(path.join(dataDir, "auth", "jwt-signing-key.json"))).toBe(false);
  });

  it("a write through A is seen on the next requests through B, pages and API, within 1 s", async () => {
    const { accessToken } = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const seen: Record<string, number> = {};

    // Settings: B's About page was cached before the write.
    await cached(`${b.url}/about`);
    const saved = await fetch(`${a.url}/api/settings`, {
      method: "PUT",
      headers: authHeaders(accessToken),
      body: settingsForm("Written through server A."),
    });
    expect(saved.status).toBe(200);
    seen.about = await within(1000, async () =>
      (await text(`${b.url}/about`)).body.includes("Written through server A."),
    );

    // A new project: B's cached home page and its API.
    await cached(`${b.url}/`);
    const created = await call<{ _id: string }>(a.url, "POST", "/api/projects", {
      token: accessToken,
      form: projectForm("Made on A", media.cover),
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const listed = await call<{ _id: string }[]>(b.url, "GET", "/api/projects");
    expect(listed.body.data.map((p) => p._id)).toContain(id);
    seen.home = await within(1000, async () =>
      (await text(`${b.url}/`)).body.includes("Made on A"),
    );

    // An edit: B's cached project page; the cover A stored is served by B (shared media folder).
    const page = await cached(`${b.url}/sections/${id}`);
    expect(page).toContain("Made on A");
    const edited = await call(a.url, "PUT", `/api/projects/${id}`, {
      token: accessToken,
      form: projectForm("Renamed on A"),
    });
    expect(edited.status).toBe(200);
    expect(
      (await call<{ title: string }>(b.url, "GET", `/api/projects/${id}`)).body.data,
    ).toMatchObject({ title: "Renamed on A" });
    seen.project = await within(1000, async () =>
      (await text(`${b.url}/sections/${id}`)).body.includes("Renamed on A"),
    );
    const cover = (await call<{ cover: string }>(b.url, "GET", `/api/projects/${id}`)).body.data
      .cover;
    expect((await fetch(new URL(cover, b.url))).status).toBe(200);

    // A delete: B's project page answers 404, its home page drops the card.
    await cached(`${b.url}/sections/${id}`);
    await cached(`${b.url}/`);
    expect(
      (await call(a.url, "DELETE", `/api/projects/${id}`, { token: accessToken })).status,
    ).toBe(200);
    seen.deleted = await within(
      1000,
      async () => (await text(`${b.url}/sections/${id}`)).status === 404,
    );
    seen.homeAfterDelete = await within(
      1000,
      async () => !(await text(`${b.url}/`)).body.includes("Renamed on A"),
    );
    console.log(
      `Seen by a request through B sent this long after the write through A (ms): ${JSON.stringify(seen)}`,
    );
  });

  it("a project scheduled through A appears on both servers' cached pages at its time, with no request in between", async () => {
    const { accessToken } = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    // Far enough ahead for the cached pages below to be filled first on a busy machine.
    const publishAt = new Date(Date.now() + 15_000);
    const form = projectForm("Scheduled on A", media.cover);
    form.append("publishAt", publishAt.toISOString());
    const created = await call<{ _id: string }>(a.url, "POST", "/api/projects", {
      token: accessToken,
      form,
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    for (const server of [a, b]) {
      expect(await cached(`${server.url}/`)).not.toContain("Scheduled on A");
      expect((await text(`${server.url}/sections/${id}`)).status).toBe(404);
    }
    expect(Date.now(), "the pages were filled past publishAt").toBeLessThan(
      publishAt.getTime() - 1000,
    );

    // B's timer was armed by A's message; A's by its own write. No request until the time.
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() + 1000 - Date.now()));
    for (const server of [b, a]) {
      expect((await text(`${server.url}/`)).body, server.url).toContain("Scheduled on A");
      expect((await text(`${server.url}/sections/${id}`)).status).toBe(200);
    }
  });

  it("a session from A works on B, refreshes there, and signing out on A ends it on B", async () => {
    const session = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const user = await fetch(`${b.url}/auth/v1/user`, {
      headers: authHeaders(session.accessToken),
    });
    expect(user.status).toBe(200);
    const write = await fetch(`${b.url}/api/settings`, {
      method: "PUT",
      headers: authHeaders(session.accessToken),
      body: settingsForm("Written through server B."),
    });
    expect(write.status).toBe(200);

    // The refresh token A issued rotates on B; the old one is then spent (reuse detection).
    const refreshed = await fetch(`${b.url}/auth/v1/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: session.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const { access_token: fresh } = (await refreshed.json()) as { access_token: string };

    const out = await fetch(`${a.url}/auth/v1/logout?scope=global`, {
      method: "POST",
      headers: authHeaders(fresh),
    });
    expect(out.status).toBe(204);
    for (const token of [session.accessToken, fresh]) {
      const after = await fetch(`${b.url}/auth/v1/user`, { headers: authHeaders(token) });
      expect(after.status).toBe(403);
      const refused = await fetch(`${b.url}/api/settings`, {
        method: "PUT",
        headers: authHeaders(token),
        body: settingsForm("Must not be saved."),
      });
      expect(refused.status).toBe(401);
    }
    expect((await text(`${b.url}/about`)).body).not.toContain("Must not be saved.");
  });

  it("counts one rate-limit budget across both servers", async () => {
    // Password recovery: 30 requests per address, then 429, wherever they arrive.
    const statuses: number[] = [];
    for (let i = 0; i < 34; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await fetch(`${server.url}/auth/v1/recover`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429]);

    // An account's sign-in back-off too: 5 wrong passwords are free, spread over both servers.
    const wrong = (server: RunningServer) =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "guessed@example.com", password: "wrong-password-1" }),
      });
    for (let i = 0; i < 6; i++) expect((await wrong(i % 2 === 0 ? a : b)).status).toBe(400);
    const blocked = await wrong(b);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).msg).toMatch(/Too many sign-in attempts for this account/);
  });

  it("holds the contact form's site-wide budget across both servers", async () => {
    // 30 stored messages an hour for the whole site (docs/security.md "Contact form"): 36 posts
    // from 12 addresses (3 each, within each address's own budget), spread over both servers.
    const form = await loadContactForm(a.url);
    await afterFillTime(form);
    const statuses: number[] = [];
    for (let i = 0; i < 36; i++) {
      const server = i % 2 === 0 ? a : b;
      const client = fetchFrom(`127.0.0.${20 + (i % 12)}`);
      const sent = await postContact(
        server.url,
        { ...visitorMessage, started: form.started },
        client,
      );
      statuses.push(sent.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses.slice(30)).toEqual(Array(6).fill(429));
  });

  it("adds up both servers' view counts, a visitor seen by both counted once", async () => {
    // Each server counts in memory and writes in batches; the owner's read writes that server's
    // batch first (docs/security.md, "Insights"), so B is read before A sums them up.
    const { accessToken } = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const today = new Date().toISOString().slice(0, 10);
    const totals = async (server: RunningServer) => {
      const response = await fetch(`${server.url}/api/insights?from=${today}&to=${today}`, {
        headers: authHeaders(accessToken),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { totals: { views: number; visitors: number } }).totals;
    };
    await totals(b);
    const before = await totals(a);
    // 10 people, each from an address and browser of their own, 2 views through A and 2 through B.
    for (let person = 0; person < 10; person++)
      for (let view = 0; view < 4; view++) {
        const server = view % 2 === 0 ? a : b;
        const sent = await fetchFrom(`127.0.0.${40 + person}`)(`${server.url}/api/views`, {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${person}.0 Safari/537.36`,
          },
          body: JSON.stringify({ p: "/", r: "" }),
        });
        expect(sent.status).toBe(204);
      }
    await totals(b);
    expect(await totals(a)).toEqual({ views: before.views + 40, visitors: before.visitors + 10 });
  });

  it("npm run auth:rotate-key: both servers sign with the new key, earlier sessions keep working", async () => {
    const before = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { kid: string })
        .kid;
    const oldKid = kidOf(before.accessToken);
    const rotated = await runNpm(["auth:rotate-key"]);
    expect(rotated.output).toMatch(/New signing key [0-9a-f-]{36} is current/);
    expect(rotated.code).toBe(0);
    const newKid = /New signing key ([0-9a-f-]{36})/.exec(rotated.output)![1]!;

    for (const server of [a, b]) {
      // The servers heard of it (NOTIFY): their JWKS lists the new key first, then the old one.
      const jwks = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
      const session = await signIn(server.url, OWNER_EMAIL, PASSWORD);
      expect(kidOf(session.accessToken)).toBe(newKid);
      // A token of the old key still works everywhere until it expires.
      const user = await fetch(`${server.url}/auth/v1/user`, {
        headers: authHeaders(before.accessToken),
      });
      expect(user.status).toBe(200);
    }
  });

  it("a server starting never sweeps away another one's upload in flight", async () => {
    const { accessToken } = await signIn(b.url, OWNER_EMAIL, PASSWORD);
    const boundary = "----multi-instance-upload";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field("title", "Uploaded during a start") +
        field("role", "Director") +
        field("category", "Motion Design") +
        `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="cover.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    );
    const half = Math.floor(media.cover.length / 2);
    const tail = Buffer.concat([
      media.cover.subarray(half),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, media.cover.subarray(0, half)])));
        await rest;
        controller.enqueue(new Uint8Array(tail));
        controller.close();
      },
    });
    const upload = fetch(`${b.url}/api/projects`, {
      method: "POST",
      headers: {
        ...authHeaders(accessToken),
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: "half",
    } as RequestInit);

    // The first half of the cover is in B's temporary folder when a third server starts.
    const tmp = path.join(dataDir, "tmp");
    const inFlight = () =>
      fs.existsSync(tmp) &&
      fs.readdirSync(tmp).some((dir) => {
        try {
          return fs.readdirSync(path.join(tmp, dir)).length > 0;
        } catch {
          return false;
        }
      });
    await within(30_000, async () => inFlight());
    const c = await startServer(env);
    try {
      expect(c.output()).toMatch(
        /Start-up sweep: removed 0 unreferenced media file\(s\) and 0 leftover upload folder\(s\)/,
      );
      expect(inFlight()).toBe(true);
      finish();
      const answer = await upload;
      expect(answer.status).toBe(201);
      const { cover } = ((await answer.json()) as { data: { cover: string } }).data;
      const served = await fetch(new URL(cover, c.url));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(media.cover)).toBe(true);
    } finally {
      finish();
      await c.stop("SIGKILL");
    }
  });

  it("one resumable upload PATCHed through both servers at once: one writes at a time, the bytes stay whole", async () => {
    const { accessToken } = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const MB = 1024 * 1024;
    const good = randomBytes(2 * MB);
    const tus = (base: string, method: string, pathname: string, headers = {}, body?: unknown) =>
      fetch(new URL(pathname, base), {
        method,
        headers: { "Tus-Resumable": "1.0.0", ...authHeaders(accessToken), ...headers },
        body: body as BodyInit,
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
    const patchHeaders = (offset: number) => ({
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    });
    // 3 MB declared: the test never sends the last byte (the file is not a video to check).
    const created = await tus(a.url, "POST", "/api/uploads", {
      "Upload-Length": String(3 * MB),
      "Upload-Metadata": `filename ${Buffer.from("m.mov").toString("base64")},kind ${Buffer.from("video").toString("base64")}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const file = path.join(dataDir, "resumable", location.split("/").pop()!);

    // A's PATCH sends 1 MB, then stalls (a client whose connection hangs), holding the lock.
    let resume!: () => void;
    const stalled = new Promise<void>((resolve) => (resume = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(good.subarray(0, MB)));
        await stalled;
        // Bytes that must never land: A's request was told to let go before they came.
        controller.enqueue(new Uint8Array(Buffer.alloc(MB, 0xee)));
        controller.close();
      },
    });
    const first = tus(a.url, "PATCH", location, patchHeaders(0), body).then(async (response) => ({
      status: response.status,
      offset: response.headers.get("upload-offset"),
    }));
    await within(30_000, async () => fs.existsSync(file) && fs.statSync(file).size === MB);

    // The client's retry of the same PATCH reaches B: A lets go of the upload, B is told the
    // offset moved on (409), both servers answer the same offset.
    const retry = await tus(b.url, "PATCH", location, patchHeaders(0), good);
    expect(retry.status).toBe(409);
    // A's request answers what it wrote once told to let go (a lock per server never tells it).
    const stillWriting = new Promise((resolve) => setTimeout(resolve, 15_000, "still writing"));
    expect(await Promise.race([first, stillWriting])).toEqual({ status: 204, offset: String(MB) });
    resume();
    for (const server of [a, b]) {
      const head = await tus(server.url, "HEAD", location);
      expect(head.headers.get("upload-offset")).toBe(String(MB));
    }
    const rest = await tus(b.url, "PATCH", location, patchHeaders(MB), good.subarray(MB));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(2 * MB));
    // A's stalled bytes came after B wrote: with a lock per server they would have overwritten it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(sha256(fs.readFileSync(file))).toBe(sha256(good));
    expect((await tus(a.url, "DELETE", location)).status).toBe(204);
  });

  it("more uploads at once than the pool has connections all proceed, and the site still reads its database", async () => {
    const { accessToken } = await signIn(a.url, OWNER_EMAIL, PASSWORD);
    const KB = 1024;
    const tus = (method: string, pathname: string, headers = {}, body?: ReadableStream) =>
      fetch(new URL(pathname, a.url), {
        method,
        headers: { "Tus-Resumable": "1.0.0", ...authHeaders(accessToken), ...headers },
        body,
        ...(body ? { duplex: "half" } : {}),
      } as RequestInit);
    // Twelve uploads, two more than the pool's 10 connections, each PATCH stalled halfway.
    const uploads = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const created = await tus("POST", "/api/uploads", {
          "Upload-Length": String(3 * 1024 * KB),
          "Upload-Metadata": `filename ${Buffer.from(`m${n}.mov`).toString("base64")},kind ${Buffer.from("video").toString("base64")}`,
        });
        expect(created.status).toBe(201);
        return created.headers.get("location")!;
      }),
    );
    let resume!: () => void;
    const stalled = new Promise<void>((resolve) => (resume = resolve));
    // Each answer's status and offset (a refused or cut request's too: its error).
    const patches = uploads.map((location) =>
      tus(
        "PATCH",
        location,
        { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new Uint8Array(64 * KB));
            await stalled;
            controller.enqueue(new Uint8Array(64 * KB));
            controller.close();
          },
        }),
      ).then(
        (answer) => [answer.status, answer.headers.get("upload-offset")],
        (error: Error) => [0, error.message],
      ),
    );
    const files = uploads.map((location) =>
      path.join(dataDir, "resumable", location.split("/").pop()!),
    );
    try {
      // Every one holds its lock and writes…
      await within(30_000, async () =>
        files.every((file) => fs.existsSync(file) && fs.statSync(file).size === 64 * KB),
      );
      // …while a sign-in (accounts, sessions: the database) and the owner's list answer at once.
      const started = performance.now();
      const again = await signIn(a.url, OWNER_EMAIL, PASSWORD);
      const projects = await call(a.url, "GET", "/api/projects", {
        token: again.accessToken,
      });
      expect(projects.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      resume();
    }
    expect(await Promise.all(patches)).toEqual(uploads.map(() => [204, String(128 * KB)]));
    for (const location of uploads) expect((await tus("DELETE", location)).status).toBe(204);
  });

  it("one server killed in the middle of writes leaves the other serving correct data", async () => {
    const { accessToken } = await signIn(b.url, OWNER_EMAIL, PASSWORD);
    const record = new WriteRecord();
    // What the earlier tests left is expected to stay as it is.
    const before = await readSiteData(b.url);
    for (const p of before.projects)
      record.projects.set(p._id, { id: p._id, title: p.title, role: p.role, cover: p.cover });
    for (const section of before.sections) record.sections.set(section.id, section);
    // Two owner tabs write through A (a load balancer pinned them there) while visitors read B.
    const writers = [0, 1].map(() => new OwnerWriter(() => a.url, accessToken, media, record));
    let stopped = false;
    const streams = writers.map(async (writer, n) => {
      for (let cycle = n; !stopped; cycle += 2) await writer.cycle(cycle);
    });
    const settled = Promise.allSettled(streams);
    while (record.acknowledged < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    await a.stop("SIGKILL");
    stopped = true;
    await settled;
    expect(record.failures).toEqual([]);

    // Everything A acknowledged is on B; what A never answered is either whole or absent.
    const site = await readSiteData(b.url);
    expect(compareWithRecord(site, record)).toEqual([]);
    for (const project of site.projects) {
      const page = await text(`${b.url}/sections/${project._id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(project.title.replaceAll('"', "&quot;"));
      expect((await fetch(new URL(project.cover, b.url), { method: "HEAD" })).status).toBe(200);
    }
    const home = await text(`${b.url}/`);
    for (const project of site.projects.slice(0, 24)) expect(home.body).toContain(project.title);

    // B still takes writes and sign-ins alone.
    const again = await signIn(b.url, OWNER_EMAIL, PASSWORD);
    const created = await call(b.url, "POST", "/api/projects", {
      token: again.accessToken,
      form: projectForm("After the crash", media.cover),
    });
    expect(created.status).toBe(201);
  });
});
