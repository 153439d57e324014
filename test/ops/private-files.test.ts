import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, OWNER_EMAIL, PASSWORD } from "../helpers/api-client";
import { createTestClient, signUp } from "../helpers/auth";
import { jpeg, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { startServer, type RunningServer } from "../helpers/server";

/*
 * reliability/REPORT.md §8.2 "Private files": everything the server and the CLI scripts create under DATA_DIR (the embedded
 * database, its WAL and lock, uploads, temporary uploads, the mail outbox, signing keys) and the
 * backups they write are readable and writable by their owner only: directories 0700, files 0600.
 * An existing install whose files other users could read is fixed when the server starts.
 */

// Made when the file's tests run (not when it is only collected), removed after them.
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-"));
});
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const siteEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  OWNER_EMAILS: OWNER_EMAIL,
  AUTH_SIGNUP: "open",
});

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer(siteEnv(dataDir));
  servers.push(server);
  return server;
}

/** Every entry under `root` (and `root` itself) that group or other users may use at all. */
function openEntries(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      open.push(`${path.relative(root, entry) || "."} ${(stat.mode & 0o777).toString(8)}`);
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(root);
  return open;
}

function countEntries(root: string): number {
  return fs.readdirSync(root, { recursive: true }).length;
}

function runNpm(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const bin = path.resolve("node_modules/.bin");
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", ...args], {
      env: { ...process.env, ...siteEnv(dataDir), PATH: `${bin}:${process.env.PATH}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Every kind of write the site does: accounts, mail, projects, sections, media, settings. */
async function writeCycle(url: string): Promise<void> {
  const owner = await signUp(url, OWNER_EMAIL, PASSWORD);
  // A reset e-mail lands in the outbox (no SMTP server configured).
  const reset = await createTestClient(url).auth.resetPasswordForEmail(OWNER_EMAIL, {
    redirectTo: `${url}/reset-password`,
  });
  expect(reset.error).toBeNull();
  const token = owner.accessToken;
  const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
    token,
    form: multipart([
      ["title", "Private Light"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: await pngOfSize(3000, 32, 24), name: "cover.png", type: "image/png" }],
    ]),
  });
  expect(project.status).toBe(201);
  const section = await call<{ _id: string }>(
    url,
    "POST",
    `/api/sections/${project.body.data._id}`,
    {
      token,
      form: multipart([
        ["title", "Frames"],
        ["resources", { bytes: await jpeg(40, 30), name: "a.jpg", type: "image/jpeg" }],
        ["video", { bytes: mp4OfSize(200_000), name: "v.mp4", type: "video/mp4" }],
      ]),
    },
  );
  expect(section.status).toBe(201);
  const settings = await call(url, "PUT", "/api/settings", {
    token,
    form: multipart([
      ["ownerName", "Mara Okafor"],
      ["tagline", ""],
      ["biography", ""],
      ["contactEmail", ""],
      ["showreelUrl", ""],
      ["portrait", { bytes: await jpeg(30, 30), name: "me.jpg", type: "image/jpeg" }],
    ]),
  });
  expect(settings.status).toBe(200);
  // A refused upload goes through the temporary area too.
  const refused = await call(url, "POST", "/api/projects", {
    token,
    form: multipart([
      ["title", "Refused"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: Buffer.from("not an image"), name: "x.png", type: "image/png" }],
    ]),
  });
  expect(refused.status).toBe(415);
  // Public pages read what was written (the database, not only its cache, is exercised).
  expect((await fetch(new URL(`/sections/${project.body.data._id}`, url))).status).toBe(200);
}

describe("private files under DATA_DIR", () => {
  it("creates every file and folder owner-only, through a full write cycle and a restart", async () => {
    const dataDir = path.join(work, "site");
    const server = await start(dataDir);
    await writeCycle(server.url);
    await server.stop();
    // The database, uploads, outbox and keys are all there, and none of them is open to others.
    for (const part of ["pg", "uploads", "outbox"]) {
      expect(fs.existsSync(path.join(dataDir, part)), part).toBe(true);
    }
    expect(countEntries(path.join(dataDir, "pg"))).toBeGreaterThan(100);
    expect(openEntries(dataDir)).toEqual([]);
  });

  it("makes an existing install's files owner-only when the server starts", async () => {
    const dataDir = path.join(work, "site");
    // As an install from before this fix left them: files 0666, folders 0777.
    const loosen = (entry: string) => {
      const stat = fs.lstatSync(entry);
      fs.chmodSync(entry, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory())
        for (const name of fs.readdirSync(entry)) loosen(path.join(entry, name));
    };
    loosen(dataDir);
    expect(openEntries(dataDir).length).toBeGreaterThan(100);
    const server = await start(dataDir);
    expect(openEntries(dataDir)).toEqual([]);
    expect(await (await fetch(server.url)).text()).toContain("Private Light");
    await server.stop();
  });

  it("writes owner-only backups, and a restore writes owner-only files", async () => {
    const dataDir = path.join(work, "site");
    const archive = path.join(work, "site-backup.tar.gz");
    const backup = await runNpm(["backup", "--", archive], dataDir);
    expect(backup.code, backup.output).toBe(0);
    expect((fs.statSync(archive).mode & 0o777).toString(8)).toBe("600");
    expect(openEntries(dataDir)).toEqual([]);

    const restored = path.join(work, "restored");
    const restore = await runNpm(["restore", "--", archive], restored);
    expect(restore.code, restore.output).toBe(0);
    // Cover, image, video and its generated poster, portrait.
    expect(countEntries(path.join(restored, "uploads"))).toBe(5);
    expect(openEntries(restored)).toEqual([]);
  });
});
