import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import {
  call,
  multipart,
  OWNER_EMAIL,
  PASSWORD,
  startApiSite,
  type ApiSite,
} from "../helpers/api-client";
import { signIn } from "../helpers/auth";
import { cookieOf } from "../helpers/authz-credentials";
import { spawnGroup } from "../helpers/processes";
import { startServer, type RunningServer } from "../helpers/server";

/*
 * docs/api.md#order: the owner's order of projects (PUT /api/projects/order) and of a project's
 * sections (PUT /api/sections/order/{projectId}), against the production server.
 */

let site: ApiSite;
let url: string;
const extraServers: RunningServer[] = [];
const extraDirs: string[] = [];

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
});
afterAll(async () => {
  for (const server of extraServers) await server.stop();
  await site?.stop();
  for (const dir of extraDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const owner = () => ({ token: site.ownerToken });

async function addProject(title: string, category = "Motion Design"): Promise<string> {
  const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
    ...owner(),
    json: { title, role: "Director", category, cover: "https://images.example.com/c.png" },
  });
  expect(answer.status).toBe(201);
  return answer.body.data._id;
}

async function addSection(projectId: string, title: string): Promise<string> {
  const answer = await call<SectionJson>(url, "POST", `/api/sections/${projectId}`, {
    ...owner(),
    form: multipart([
      ["title", title],
      ["description", "Frames."],
    ]),
  });
  expect(answer.status).toBe(201);
  return answer.body.data._id;
}

const listIds = async (base = url, pathname = "/api/projects") =>
  (await call<{ _id: string }[]>(base, "GET", pathname)).body.data.map((row) => row._id);

/** The project ids a page links to, in order of first appearance (gallery cards). */
async function linkedProjects(pathname: string, base = url): Promise<string[]> {
  const html = await (await fetch(new URL(pathname, base))).text();
  return [...new Set([...html.matchAll(/href="\/sections\/([0-9a-f]{24})"/g)].map((m) => m[1]!))];
}

/** The project a Previous/Next link of the pager points to. */
function pagerLink(html: string, rel: "prev" | "next"): string | null {
  const tag = new RegExp(`<a[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0] ?? "";
  return /href="\/sections\/([0-9a-f]{24})"/.exec(tag)?.[1] ?? null;
}

/** A project page's section ids in page order, and its Previous/Next links. */
async function projectPage(id: string, base = url) {
  const html = await (await fetch(new URL(`/sections/${id}`, base))).text();
  return {
    sections: [...html.matchAll(/<h2 id="section-([0-9a-f]{24})"/g)].map((m) => m[1]!),
    previous: pagerLink(html, "prev"),
    next: pagerLink(html, "next"),
  };
}

const putOrder = (pathname: string, json: unknown, options: { token?: string } = owner()) =>
  call<{ ids: string[] } | null>(url, "PUT", pathname, { ...options, json });

let a: string, b: string, c: string;
let s1: string, s2: string, s3: string;

describe("PUT /api/projects/order", () => {
  it("sets the list order; the cached gallery, category view, search, counts and Previous/Next follow on the next request", async () => {
    a = await addProject("Alpha loop");
    b = await addProject("Bravo loop", "Illustration");
    c = await addProject("Charlie loop");
    expect(await listIds()).toEqual([a, b, c]);
    // Until the owner reorders, newest first; the visits also put the pages into the cache.
    expect(await linkedProjects("/")).toEqual([c, b, a]);
    expect(await linkedProjects("/?category=Motion+Design")).toEqual([c, a]);
    expect((await projectPage(b)).previous).toBe(a);

    const answer = await putOrder("/api/projects/order", { ids: [b, c, a] });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: "Project order saved", data: { ids: [b, c, a] } },
    });
    expect(await listIds()).toEqual([b, c, a]);
    expect(await listIds(url, "/api/projects/filter?category=Motion+Design")).toEqual([c, a]);
    expect(await linkedProjects("/")).toEqual([a, c, b]);
    expect(await linkedProjects("/?category=Motion+Design")).toEqual([a, c]);
    expect(await linkedProjects("/?q=loop")).toEqual([a, c, b]);
    expect(await projectPage(b)).toMatchObject({ previous: null, next: c });
    expect(await projectPage(c)).toMatchObject({ previous: b, next: a });
    const counts = await call<{ _id: string; count: number }[]>(url, "GET", "/api/projects/counts");
    expect(counts.body.data).toEqual(
      expect.arrayContaining([
        { _id: "Motion Design", count: 2 },
        { _id: "Illustration", count: 1 },
      ]),
    );
  });

  it("puts a project created after a reorder first in the gallery (last in the list)", async () => {
    const d = await addProject("Delta loop");
    expect(await listIds()).toEqual([b, c, a, d]);
    expect((await linkedProjects("/"))[0]).toBe(d);
    expect(await putOrder("/api/projects/order", { ids: [b, c, a, d] })).toMatchObject({
      status: 200,
    });
    const removed = await call(url, "DELETE", `/api/projects/${d}`, owner());
    expect(removed.status).toBe(200);
    expect(await listIds()).toEqual([b, c, a]);
  });

  it("refuses a list that is not exactly the current set with a 400 and changes nothing", async () => {
    const foreign = "0123456789abcdef01234567";
    const cases: [unknown, string][] = [
      [{ ids: [b, c] }, `The order leaves out project ${a}: list every project once`],
      [{ ids: [b, c, a, a] }, `The order names ${a} more than once`],
      [{ ids: [b, c, a, foreign] }, `No such project: ${foreign}`],
      [{ ids: [b, c, foreign] }, `No such project: ${foreign}`],
      [{ ids: [b, c, "ABC"] }, "Not an id: ABC"],
      [{ ids: [b, c, 7] }, "Not an id: 7"],
      [{ ids: b }, 'Send the new order as "ids": a list of every id, each once'],
      [{}, 'Send the new order as "ids": a list of every id, each once'],
      [[b, c, a], 'Send the new order as "ids": a list of every id, each once'],
    ];
    for (const [body, message] of cases) {
      const answer = await putOrder("/api/projects/order", body);
      expect({ body, answer }).toEqual({
        body,
        answer: { status: 400, body: { success: false, message, data: null } },
      });
    }
    const notJson = await fetch(new URL("/api/projects/order", url), {
      method: "PUT",
      headers: { authorization: `Bearer ${site.ownerToken}`, "content-type": "application/json" },
      body: "{ids:",
    });
    expect(notJson.status).toBe(400);
    expect(await listIds()).toEqual([b, c, a]);
    expect(await linkedProjects("/")).toEqual([a, c, b]);
  });

  it("refuses visitors (401), non-owners and cross-site cookies (403), other methods (405)", async () => {
    const list = { ids: [a, b, c] };
    expect((await putOrder("/api/projects/order", list, {})).status).toBe(401);
    expect(
      (await putOrder("/api/projects/order", list, { token: site.strangerToken })).status,
    ).toBe(403);
    const session = await signIn(url, OWNER_EMAIL, PASSWORD);
    const crossSite = await fetch(new URL("/api/projects/order", url), {
      method: "PUT",
      headers: {
        cookie: cookieOf(session),
        origin: "https://evil.example",
        "content-type": "application/json",
      },
      body: JSON.stringify(list),
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await fetch(new URL("/api/sections/order/" + a, url), {
      method: "PUT",
      headers: { cookie: cookieOf(session), origin: url, "content-type": "application/json" },
      body: JSON.stringify({ ids: [] }),
    });
    expect(sameSite.status).toBe(200); // control: the owner's same-site cookie gets through
    const get = await call(url, "GET", "/api/projects/order");
    expect(get.status).toBe(405);
    expect(await listIds()).toEqual([b, c, a]);
  });

  it("leaves a consistent order after concurrent reorders", async () => {
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, a, c],
      [c, a, b],
      [a, c, b],
      [b, c, a],
    ];
    const answers = await Promise.all(
      [...orders, ...orders].map((ids) => putOrder("/api/projects/order", { ids })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const after = await listIds();
    expect(orders.map((order) => order.join())).toContain(after.join());
    expect(await linkedProjects("/")).toEqual(after.toReversed());
    await putOrder("/api/projects/order", { ids: [b, c, a] });
  });
});

describe("PUT /api/sections/order/{projectId}", () => {
  it("sets the order of one project's sections; the cached page follows on the next request", async () => {
    s1 = await addSection(c, "One");
    s2 = await addSection(c, "Two");
    s3 = await addSection(c, "Three");
    const other = await addSection(a, "Elsewhere");
    expect((await projectPage(c)).sections).toEqual([s1, s2, s3]);

    const answer = await putOrder(`/api/sections/order/${c}`, { ids: [s3, s1, s2] });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: "Section order saved", data: { ids: [s3, s1, s2] } },
    });
    expect(await listIds(url, `/api/sections/${c}`)).toEqual([s3, s1, s2]);
    expect((await projectPage(c)).sections).toEqual([s3, s1, s2]);
    expect(await listIds(url, `/api/sections/${a}`)).toEqual([other]);
  });

  it("answers 404 for an unknown project and 400 for a list that is not exactly its sections", async () => {
    const unknown = await putOrder("/api/sections/order/0123456789abcdef01234567", { ids: [] });
    expect(unknown).toMatchObject({ status: 404, body: { message: "Project not found" } });
    expect((await putOrder("/api/sections/order/nope", { ids: [] })).status).toBe(404);
    const elsewhere = (await listIds(url, `/api/sections/${a}`))[0]!;
    const cases: [unknown, string][] = [
      [{ ids: [s3, s1] }, `The order leaves out section ${s2}: list every section once`],
      [{ ids: [s3, s1, s2, s2] }, `The order names ${s2} more than once`],
      [{ ids: [s3, s1, elsewhere] }, `No such section in this project: ${elsewhere}`],
      [{ ids: "nope" }, 'Send the new order as "ids": a list of every id, each once'],
    ];
    for (const [body, message] of cases) {
      expect(await putOrder(`/api/sections/order/${c}`, body)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
    expect((await putOrder(`/api/sections/order/${c}`, { ids: [s1, s2, s3] }, {})).status).toBe(
      401,
    );
    expect(
      (
        await putOrder(
          `/api/sections/order/${c}`,
          { ids: [s1, s2, s3] },
          { token: site.strangerToken },
        )
      ).status,
    ).toBe(403);
    expect(await listIds(url, `/api/sections/${c}`)).toEqual([s3, s1, s2]);
  });
});

/** Runs an npm script the way the owner would, with the Node 22 of node_modules/.bin first. */
function runNpm(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const bin = path.resolve("node_modules/.bin");
  return new Promise((resolve) => {
    const child = spawnGroup("npm", ["run", "--silent", ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PATH: `${bin}:${process.env.PATH}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("the order lasts", () => {
  it("survives a restart and a backup/restore", async () => {
    const expected = { projects: [b, c, a], sections: [s3, s1, s2] };
    // The backup reads the stopped server's database, and a new server serves its restored copy:
    // that is a restart as well, with nothing of the first server's memory.
    await site.server.stop();

    const archive = path.join(site.dataDir, "..", `order-${path.basename(site.dataDir)}.tar.gz`);
    const restoredDir = `${site.dataDir}-restored`;
    extraDirs.push(restoredDir, archive);
    const backup = await runNpm(["backup", "--", archive], site.dataDir);
    expect(backup, backup.output).toMatchObject({ code: 0 });
    fs.mkdirSync(restoredDir);
    const restore = await runNpm(["restore", "--", archive], restoredDir);
    expect(restore, restore.output).toMatchObject({ code: 0 });
    const restored = await startServer({ DATA_DIR: restoredDir, DATABASE_URL: "" });
    extraServers.push(restored);
    expect(await listIds(restored.url)).toEqual(expected.projects);
    expect(await linkedProjects("/", restored.url)).toEqual(expected.projects.toReversed());
    expect(await listIds(restored.url, `/api/sections/${c}`)).toEqual(expected.sections);
    expect((await projectPage(c, restored.url)).sections).toEqual(expected.sections);
  });
});
