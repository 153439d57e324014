import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, type Part } from "../helpers/api-client";
import { signIn, signUp } from "../helpers/auth";
import { gif, jpeg, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { spawnGroup } from "../helpers/processes";
import { startServer, type RunningServer } from "../helpers/server";
import { captureSiteState } from "../helpers/site-state";
import {
  afterFillTime,
  loadContactForm,
  postContact,
  solveProof,
  visitorMessage,
} from "../helpers/contact";

// reliability/REPORT.md §6: `npm run backup` on a site, `npm run restore` into an empty DATA_DIR, and the
// restored site answers every public API request and serves every media file exactly as before.

const OWNER = { email: "owner@example.com", password: "Backup-pass-1" };
const CATEGORIES = [
  "Photography",
  "Illustration",
  "Motion Design",
  "Frame by Frame",
  "Assets & Tools",
];
// Made when the file's tests run (not when it is only collected), removed after them.
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-restore-"));
});
const servers: RunningServer[] = [];
const siteEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: "" });

afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer(siteEnv(dataDir));
  servers.push(server);
  return server;
}

/** Runs an npm script the way the owner would, with the Node 22 of node_modules/.bin first. */
function runNpm(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const bin = path.resolve("node_modules/.bin");
  return new Promise((resolve) => {
    const child = spawnGroup("npm", ["run", "--silent", ...args], {
      env: { ...process.env, ...siteEnv(dataDir), PATH: `${bin}:${process.env.PATH}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const file = (bytes: Buffer, name: string, type: string): Part => ({ bytes, name, type });

/** A site with covers of every accepted kind, sections with images, a video, an embed and a portrait. */
async function seed(url: string, token: string): Promise<void> {
  const covers = [
    file(await pngOfSize(2500, 40, 30), "a.png", "image/png"),
    file(await jpeg(64, 36), "b.jpg", "image/jpeg"),
    file(await gif(8, 8), "c.gif", "image/gif"),
  ];
  for (const [index, category] of CATEGORIES.entries()) {
    const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
      token,
      form: multipart([
        ["title", `Project ${index} — “${category}” ✓`],
        ["role", index % 2 ? "Director" : "Animator"],
        ["category", category],
        ["cover", covers[index % covers.length]!],
      ]),
    });
    expect(project.status).toBe(201);
    const sections: [string, Part][][] = [
      [
        ["title", "Frames"],
        ["description", "Line one.\nLine two with <b>markup</b> kept as text."],
        ["resources", covers[(index + 1) % covers.length]!],
        ["resources", covers[(index + 2) % covers.length]!],
      ],
      index === 0
        ? [
            ["title", "Cut"],
            ["video", file(mp4OfSize(64 * 1024), "cut.mp4", "video/mp4")],
          ]
        : [["videoEmbed", "https://vimeo.com/76979871"]],
    ];
    for (const parts of sections) {
      const answer = await call(url, "POST", `/api/sections/${project.body.data._id}`, {
        token,
        form: multipart(parts),
      });
      expect(answer.status).toBe(201);
    }
  }
  const settings = await fetch(`${url}/api/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: multipart([
      ["ownerName", "Sara Benali"],
      ["tagline", "Motion design"],
      ["biography", "Eight years of frames."],
      ["contactEmail", "hello@sara.example"],
      ["showreelUrl", "https://vimeo.com/76979871"],
      ["portrait", covers[1]!],
    ]),
  });
  expect(settings.status).toBe(200);
}

/** Two contact messages: one about the first project in the inbox, one sent without a proof of work, trashed. */
async function seedMessages(url: string, token: string): Promise<void> {
  const projects = await call<{ _id: string }[]>(url, "GET", "/api/projects");
  const form = await loadContactForm(url);
  const proof = await solveProof(form);
  await afterFillTime(form);
  const about = { ...visitorMessage, started: form.started, project: projects.body.data[0]!._id };
  expect((await postContact(url, { ...about, proof, deadline: "2031-02-03" })).status).toBe(201);
  const spam = await postContact(url, { ...visitorMessage, started: form.started });
  expect(spam.status).toBe(201);
  const id = (spam.body.data as { _id: string })._id;
  expect((await call(url, "DELETE", `/api/messages/${id}`, { token })).status).toBe(200);
}

/** The owner's inbox, spam, archive and trash as the API lists them. */
async function readMessages(url: string, token: string): Promise<Record<string, unknown>> {
  const folders: Record<string, unknown> = {};
  for (const folder of ["inbox", "spam", "archive", "trash"])
    folders[folder] = (await call(url, "GET", `/api/messages?folder=${folder}`, { token })).body;
  return folders;
}

type Answer = { status: number; type: string | null; body: string };

async function get(url: string, pathname: string, binary = false): Promise<Answer> {
  const response = await fetch(new URL(pathname, url));
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: binary ? createHash("sha256").update(bytes).digest("hex") : bytes.toString("utf8"),
  };
}

/** Every public API answer and every media file (by the URLs the API gives and the files on disk). */
async function readSite(url: string, dataDir: string): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {};
  const paths = ["/api/projects", "/api/projects/counts", "/api/settings", "/api/projects/filter"];
  for (const category of ["all", ...CATEGORIES])
    paths.push(`/api/projects/filter?category=${encodeURIComponent(category)}`);
  for (const pathname of paths) answers[pathname] = await get(url, pathname);
  const projects = JSON.parse(answers["/api/projects"]!.body).data as { _id: string }[];
  for (const { _id } of projects) {
    answers[`/api/projects/${_id}`] = await get(url, `/api/projects/${_id}`);
    const list = await get(url, `/api/sections/${_id}`);
    answers[`/api/sections/${_id}`] = list;
    for (const section of JSON.parse(list.body).data as { _id: string }[])
      answers[`/api/sections/edit/${section._id}`] = await get(
        url,
        `/api/sections/edit/${section._id}`,
      );
  }
  const everything = Object.values(answers)
    .map((answer) => answer.body)
    .join("\n");
  const media = new Set(everything.match(/\/media\/[\w.-]+/g) ?? []);
  for (const name of fs.readdirSync(path.join(dataDir, "uploads"))) media.add(`/media/${name}`);
  for (const pathname of [...media].sort()) answers[pathname] = await get(url, pathname, true);
  return answers;
}

describe("npm run backup / npm run restore", () => {
  it("restores a site that answers every API request and media file identically", async () => {
    const original = path.join(work, "original");
    const restored = path.join(work, "restored");
    const archive = path.join(work, "site.tar.gz");
    let server = await start(original);
    await signUp(server.url, OWNER.email, OWNER.password);
    const ownerToken = (await signIn(server.url, OWNER.email, OWNER.password)).accessToken;
    await seed(server.url, ownerToken);
    await seedMessages(server.url, ownerToken);
    const before = await readSite(server.url, original);
    const messagesBefore = await readMessages(server.url, ownerToken);
    expect(messagesBefore).toMatchObject({
      inbox: { data: [{ project: { title: expect.any(String) }, deadline: "2031-02-03" }] },
      trash: { data: [{ spamReason: expect.any(String) }] },
    });
    await server.stop();

    const backup = await runNpm(["backup", "--", archive], original);
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/Wrote .*site\.tar\.gz: \d+ rows, \d+ media files\./);
    fs.mkdirSync(restored);
    const restore = await runNpm(["restore", "--", archive], restored);
    expect(restore, restore.output).toMatchObject({ code: 0 });

    server = await start(restored);
    const after = await readSite(server.url, restored);
    const mediaFiles = Object.keys(before).filter((key) => key.startsWith("/media/"));
    console.log(
      `backup/restore: ${Object.keys(before).length - mediaFiles.length} API answers and ${mediaFiles.length} media files compared`,
    );
    expect(mediaFiles.length).toBeGreaterThanOrEqual(10);
    expect(Object.values(before).every((answer) => answer.status === 200)).toBe(true);
    expect(after).toEqual(before);

    // The owner's account came along: the same password signs in, with owner rights.
    const { accessToken } = await signIn(server.url, OWNER.email, OWNER.password);
    // The contact messages came along: every folder and the Trash as before.
    expect(await readMessages(server.url, accessToken)).toEqual(messagesBefore);
    const projectId = (JSON.parse(before["/api/projects"]!.body).data as { _id: string }[])[0]!._id;
    const write = await call(server.url, "PUT", `/api/projects/${projectId}`, {
      token: accessToken,
      json: {},
    });
    expect(write.status).toBe(400); // past the owner check, stopped by validation

    // Restoring over a site that has data is refused and changes nothing.
    await server.stop();
    const state = await captureSiteState({ dataDir: restored });
    const again = await runNpm(["restore", "--", archive], restored);
    expect(again.code).not.toBe(0);
    expect(await captureSiteState({ dataDir: restored })).toEqual(state);
  });
});
