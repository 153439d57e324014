// Operations on the embedded default (PGlite, local media): /api/health, LOG_FORMAT=json, and a
// graceful SIGTERM that lets an upload in flight finish before the database is closed.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { multipart, OWNER_EMAIL, PASSWORD } from "../helpers/api-client";
import { signUp, SERVER_START_TIMEOUT } from "../helpers/auth";
import { pngOfSize } from "../helpers/media-fixtures";
import { startServer, type RunningServer } from "../helpers/server";
import { processesMatching } from "../helpers/processes";
import { serverEnvironment, startNodeOptions } from "../../scripts/node-options.mjs";

let server: RunningServer;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-ops-"));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    OWNER_EMAILS: OWNER_EMAIL,
    AUTH_SIGNUP: "open",
    LOG_FORMAT: "json",
  });
  token = (await signUp(server.url, OWNER_EMAIL, PASSWORD)).accessToken;
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's log lines so far, each parsed (every line must be JSON). */
function logLines(): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("operations (PGlite)", () => {
  it("/api/health: 200 with the database, the storage and the version, never cached", async () => {
    const response = await fetch(new URL("/api/health", server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      success: true,
      message: "Healthy",
      data: {
        status: "ok",
        database: "ok",
        storage: "ok",
        version: packageJson.version,
        build: fs.readFileSync(".next/BUILD_ID", "utf8").trim(),
        shuttingDown: false,
      },
    });
    const post = await fetch(new URL("/api/health", server.url), { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("the server runs with npm start's Node options and malloc settings (scripts/node-options.mjs)", () => {
    const expected = serverEnvironment(process.env);
    // Every process of the server (`next start` and the next-server it runs) has them.
    const group = processesMatching((p) => p.pgid === server.process.pid);
    expect(group.length).toBeGreaterThanOrEqual(1);
    for (const { pid, command } of group) {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      for (const name of ["NODE_OPTIONS", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"])
        expect(environ, `${name} of ${command}`).toContain(`${name}=${expected[name]}`);
    }
    expect(expected.NODE_OPTIONS).toContain(startNodeOptions(process.env.HEAP_LIMIT_MB || "512"));
  });

  it("LOG_FORMAT=json: every line is a JSON object; requests logged without their query", async () => {
    await (await fetch(new URL("/api/projects?secret-token=abc", server.url))).text();
    // Logged once the response is fully sent, which may be just after the client has read it.
    let request: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !request; i++) {
      request = logLines().find(
        (line) => (line.req as { path?: string } | undefined)?.path === "/api/projects",
      );
      if (!request) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Nothing but JSON lines after Next.js's banner (printed before the app's code runs).
    const output = server.output().split("\n");
    const afterBanner = output.slice(output.findIndex((line) => line.startsWith("{")));
    expect(afterBanner.filter((line) => line.trim() && !line.startsWith("{"))).toEqual([]);
    expect(request).toMatchObject({
      level: "info",
      msg: "request",
      req: { method: "GET", path: "/api/projects" },
      res: { status: 200 },
      durationMs: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(server.output()).not.toContain("secret-token");
    expect(logLines().some((line) => String(line.msg).startsWith("Start-up sweep"))).toBe(true);
  });

  it("an idle keep-alive connection stays open past Node's 5 s, for the proxy to close first", async () => {
    // One connection, two requests with 7 s between them: Node's default would have closed it
    // after 5 s (plus its 1 s margin), and a proxy reusing it then gets a reset
    // (docs/operations.md#keep-alive).
    const socket = net.connect(Number(new URL(server.url).port), new URL(server.url).hostname);
    const received: string[] = [];
    let closed = false;
    socket.on("data", (chunk) => received.push(String(chunk)));
    socket.on("close", () => (closed = true));
    const get = "GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n";
    const answers = () => received.join("").match(/^HTTP\/1\.1 200 /gm)?.length ?? 0;
    const waitFor = async (count: number) => {
      for (let i = 0; i < 100 && answers() < count; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answers()).toBe(count);
    };
    try {
      socket.write(get);
      await waitFor(1);
      expect(received.join("")).toMatch(/^Keep-Alive: timeout=65\r$/im);
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(closed).toBe(false);
      socket.write(get);
      await waitFor(2);
    } finally {
      socket.destroy();
    }
  }, 20_000);

  it(
    "SIGTERM during a slow upload: the upload completes (201), then the process exits 0 and the data directory reopens cleanly",
    async () => {
      const form = multipart([
        ["title", "Uploaded While Stopping"],
        ["role", "Director"],
        ["category", "Illustration"],
        ["cover", { bytes: await pngOfSize(600_000), name: "c.png" }],
      ]);
      const encoded = new Request("http://x/", { method: "POST", body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      const url = new URL("/api/projects", server.url);

      // The body goes out in pieces over ~3 s; SIGTERM arrives after the first piece.
      const pieces = 12;
      const size = Math.ceil(body.length / pieces);
      const shutdownBegan = () =>
        logLines().some((line) => String(line.msg).startsWith("SIGTERM received"));
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(url, {
          method: "POST",
          headers: {
            "content-type": encoded.headers.get("content-type")!,
            "content-length": String(body.length),
            authorization: `Bearer ${token}`,
          },
        });
        request.on("error", reject);
        request.on("response", (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, text }));
        });
        void (async () => {
          for (let i = 0; i < pieces; i++) {
            request.write(body.subarray(i * size, (i + 1) * size));
            if (i === 0) {
              await new Promise((resolve) => setTimeout(resolve, 500));
              process.kill(server.process.pid!, "SIGTERM");
              // The server handles the signal once its event loop is free: a route's first request
              // loads its module (routes are not preloaded, docs/memory.md), which may
              // hold the loop for a moment. A connection made before that is still answered (503,
              // Connection: close); what this checks is what follows once shutdown has begun.
              for (let wait = 0; wait < 200 && !shutdownBegan(); wait++)
                await new Promise((resolve) => setTimeout(resolve, 50));
              expect(shutdownBegan()).toBe(true);
            }
            await new Promise((resolve) => setTimeout(resolve, 250));
            // Still running while the upload is in flight, and no longer taking connections.
            if (i === 2) {
              expect(server.process.exitCode).toBeNull();
              await expect(fetch(new URL("/api/health", server.url))).rejects.toThrow();
            }
          }
          request.end();
        })().catch(reject);
      });

      const result = await answer;
      expect(result.status, result.text).toBe(201);
      expect(JSON.parse(result.text)).toMatchObject({
        success: true,
        data: { title: "Uploaded While Stopping" },
      });
      expect(await server.exited).toBe(0);
      const messages = logLines().map((line) => line.msg);
      expect(messages).toContain(
        "SIGTERM received: finishing 1 request(s) in flight, then stopping.",
      );
      expect(messages).toContain("Shutdown complete.");
      expect(fs.existsSync(path.join(dataDir, ".lock"))).toBe(false);

      // PostgreSQL's control file says "shut down" (1), not "in production" (6, a crash that the
      // next open must recover from); it reopens with the upload's row in it.
      const control = fs.readFileSync(path.join(dataDir, "pg/global/pg_control"));
      expect(control.readUInt32LE(16)).toBe(1);
      const db = await PGlite.create(path.join(dataDir, "pg"));
      try {
        const rows = await db.query<{ title: string }>("select title from projects");
        expect(rows.rows.map((row) => row.title)).toEqual(["Uploaded While Stopping"]);
      } finally {
        await db.close();
      }
      const uploads = fs.readdirSync(path.join(dataDir, "uploads"));
      expect(uploads).toHaveLength(1);
    },
    SERVER_START_TIMEOUT,
  );
});
