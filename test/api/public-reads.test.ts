import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { call, multipart, startApiSite, type ApiSite } from "../helpers/api-client";
import { pngOfSize } from "../helpers/media-fixtures";

/*
 * The public REST reads (docs/api.md#public-reads-and-their-cache): a visitor's answer comes from
 * the cache the pages use and is expired by the same writes; the owner's, which holds drafts, is
 * never served to a visitor; reads that reach the database are limited per address.
 */

let site: ApiSite;
let url: string;
let png: Buffer;

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
  png = await pngOfSize(2000, 12, 8);
});
afterAll(() => site?.stop());

const owner = () => ({ token: site.ownerToken });

async function create(title: string, status = "published"): Promise<ProjectJson> {
  const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
    ...owner(),
    form: multipart([
      ["title", title],
      ["role", "Director"],
      ["category", "Illustration"],
      ["status", status],
      ["cover", { bytes: png, name: "cover.png", type: "image/png" }],
    ]),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const titles = async (path: string, token?: string) =>
  (await call<ProjectJson[]>(url, "GET", path, { token })).body.data.map((p) => p.title);

describe("public reads", () => {
  it("show a visitor each write at once, and never the owner's drafts", async () => {
    await create("Shown");
    const draft = await create("Hidden draft", "draft");
    // The owner reads first: the visitor's answers that follow must not be the owner's.
    for (const path of ["/api/projects", "/api/projects/filter?category=Illustration"])
      expect(await titles(path, site.ownerToken)).toEqual(["Shown", "Hidden draft"]);
    expect(
      (await call<{ _id: string; count: number }[]>(url, "GET", "/api/projects/counts", owner()))
        .body.data,
    ).toContainEqual({ _id: "Illustration", count: 2 });
    for (const path of ["/api/projects", "/api/projects/filter?category=Illustration"]) {
      expect(await titles(path)).toEqual(["Shown"]);
      expect(await titles(path, site.strangerToken)).toEqual(["Shown"]);
    }
    expect((await call(url, "GET", "/api/projects/counts")).body.data).toContainEqual({
      _id: "Illustration",
      count: 1,
    });
    expect((await call(url, "GET", `/api/sections/${draft._id}`)).status).toBe(404);

    // Published: every visitor read shows it on the next request.
    const published = await call(url, "PUT", `/api/projects/${draft._id}`, {
      ...owner(),
      form: multipart([
        ["title", "Hidden draft"],
        ["role", "Director"],
        ["category", "Illustration"],
        ["status", "published"],
      ]),
    });
    expect(published.status).toBe(200);
    expect(await titles("/api/projects")).toEqual(["Shown", "Hidden draft"]);
    expect(await titles("/api/projects/filter?category=Illustration")).toEqual([
      "Shown",
      "Hidden draft",
    ]);
    expect((await call(url, "GET", "/api/projects/counts")).body.data).toContainEqual({
      _id: "Illustration",
      count: 2,
    });
    const sections = () => call<SectionJson[]>(url, "GET", `/api/sections/${draft._id}`);
    expect(await sections()).toMatchObject({ status: 200, body: { data: [] } });
    await call(url, "POST", `/api/sections/${draft._id}`, {
      ...owner(),
      form: multipart([["title", "Added"]]),
    });
    expect((await sections()).body.data.map((s) => s.title)).toEqual(["Added"]);

    const settings = async () =>
      (await call<{ ownerName: string }>(url, "GET", "/api/settings")).body.data.ownerName;
    await settings();
    const saved = await call(url, "PUT", "/api/settings", {
      ...owner(),
      form: multipart([
        ["ownerName", "New Name"],
        ["tagline", ""],
        ["biography", ""],
        ["contactEmail", "hello@example.com"],
        ["showreelUrl", ""],
      ]),
    });
    expect(saved.status).toBe(200);
    expect(await settings()).toBe("New Name");

    await call(url, "DELETE", `/api/projects/${draft._id}`, owner());
    expect(await titles("/api/projects")).toEqual(["Shown"]);
    expect((await sections()).status).toBe(404);
  });

  it("answer a visitor from the cache, and limit the reads that reach the database per address", async () => {
    // Cached answers spend nothing: far more of them than the limit all succeed.
    for (let i = 0; i < 300; i++) {
      const answer = await fetch(new URL("/api/projects", url));
      expect(answer.status, `read ${i}`).toBe(200);
      await answer.arrayBuffer();
    }
    // Made-up ids are never cached: one address gets 429 once its burst of 120 is spent.
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const id = (i + 1).toString(16).padStart(24, "0");
      const answer = await fetch(new URL(`/api/sections/${id}`, url));
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.headers.get("retry-after")).toBeTruthy();
        expect(await answer.json()).toEqual({
          success: false,
          message: "Too many requests, try again in a minute",
          data: null,
        });
      } else await answer.arrayBuffer();
    }
    const first429 = statuses.indexOf(429);
    expect(first429).toBeGreaterThanOrEqual(110);
    expect(first429).toBeLessThan(250);
    expect(statuses.slice(0, first429).every((status) => status === 404)).toBe(true);
    // The owner is never limited.
    expect((await call(url, "GET", `/api/sections/${"f".repeat(24)}`, owner())).status).toBe(404);
  });
});
