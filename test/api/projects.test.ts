import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson } from "@/lib/data/serialize";
import { call, multipart, startApiSite, type ApiSite, type Part } from "../helpers/api-client";
import { exeBytes, pngOfSize } from "../helpers/media-fixtures";

let site: ApiSite;
let url: string;
let png: Buffer;

beforeAll(async () => {
  site = await startApiSite();
  url = site.server.url;
  png = await pngOfSize(3000, 12, 8);
});
afterAll(() => site?.stop());

const cover = (name = "cover.png", bytes = png): Part => ({ bytes, name, type: "image/png" });
const fields = (overrides: Record<string, Part | null> = {}) => {
  const all: Record<string, Part | null> = {
    title: "Night Drive",
    role: "Director",
    category: "Motion Design",
    userId: "ignored",
    cover: cover(),
    ...overrides,
  };
  return multipart(
    Object.entries(all).filter((entry): entry is [string, Part] => entry[1] !== null),
  );
};

async function createProject(overrides: Record<string, Part | null> = {}): Promise<ProjectJson> {
  const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: fields(overrides),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

describe("GET /api/projects, /filter, /counts", () => {
  it("answers an empty list in the envelope", async () => {
    expect(await call(url, "GET", "/api/projects")).toEqual({
      status: 200,
      body: { success: true, message: "Projects fetched successfully", data: [] },
    });
  });
});

describe("POST /api/projects", () => {
  it("refuses visitors (401) and signed-in non-owners (403) without storing anything", async () => {
    const visitor = await call(url, "POST", "/api/projects", { form: fields() });
    expect(visitor).toMatchObject({
      status: 401,
      body: { success: false, message: "Auth session missing!", data: null },
    });
    const stranger = await call(url, "POST", "/api/projects", {
      token: site.strangerToken,
      form: fields(),
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.success).toBe(false);
    expect((await call<unknown[]>(url, "GET", "/api/projects")).body.data).toEqual([]);
    expect(site.uploads()).toEqual([]);
  });

  it("requires every field and the cover, in the spec's words", async () => {
    const gaps: Record<string, Part | null>[] = [
      { title: null },
      { role: null },
      { category: null },
      { cover: null },
      { title: "   " },
    ];
    for (const gap of gaps) {
      const answer = await call(url, "POST", "/api/projects", {
        token: site.ownerToken,
        form: fields(gap),
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { success: false, message: "Please fill in all Feilds !" },
      });
    }
    const badCategory = await call(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: fields({ category: "Sculpture" }),
    });
    expect(badCategory).toMatchObject({ status: 400, body: { message: "Invalid category" } });
    const exe = await call(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: fields({ cover: cover("cover.png", exeBytes()) }),
    });
    expect(exe).toMatchObject({
      status: 415,
      body: { success: false, message: "Invalid file type: cover.png" },
    });
    expect(site.uploads()).toEqual([]);
    expect(site.tmpFiles()).toEqual([]);
  });

  it("creates a project from multipart, with the session user as owner and a served cover", async () => {
    const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: fields(),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: "Project created successfully!" });
    const project = answer.body.data;
    expect(project).toMatchObject({
      title: "Night Drive",
      role: "Director",
      category: "Motion Design",
    });
    expect(project._id).toMatch(/^[0-9a-f]{24}$/);
    expect(project.userId).not.toBe("ignored");
    expect(project.cover).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const image = await fetch(new URL(project.cover, url));
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect(site.uploads()).toEqual([project.cover.slice("/media/".length)]);
  });

  it("accepts the store variant: JSON with a cover URL", async () => {
    const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      json: {
        title: "Ink",
        role: "Illustrator",
        category: "Illustration",
        cover: "https://res.cloudinary.com/demo/image/upload/ink.png",
      },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        data: { title: "Ink", cover: "https://res.cloudinary.com/demo/image/upload/ink.png" },
      },
    });
    const missing = await call(url, "POST", "/api/projects", {
      token: site.ownerToken,
      json: { title: "Ink", role: "r", category: "Illustration" },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { message: "Please fill in all Feilds !" },
    });
  });

  it("lists, filters and counts", async () => {
    const list = await call<ProjectJson[]>(url, "GET", "/api/projects");
    expect(list.body.data.map((p) => p.title)).toEqual(["Night Drive", "Ink"]);
    const motion = await call<ProjectJson[]>(
      url,
      "GET",
      `/api/projects/filter?category=${encodeURIComponent("Motion Design")}`,
    );
    expect(motion.body.data.map((p) => p.title)).toEqual(["Night Drive"]);
    expect(
      (await call<ProjectJson[]>(url, "GET", "/api/projects/filter?category=all")).body.data,
    ).toHaveLength(2);
    expect(await call(url, "GET", "/api/projects/filter?category=Sculpture")).toMatchObject({
      status: 400,
      body: { message: "Invalid category" },
    });
    expect((await call(url, "GET", "/api/projects/counts")).body).toEqual({
      success: true,
      message: "Project counts fetched successfully",
      data: [
        { _id: "Illustration", count: 1 },
        { _id: "Motion Design", count: 1 },
      ],
    });
  });
});

describe("PUT and DELETE /api/projects/{id}", () => {
  it("answers 401, 403 and 404 (unknown and malformed ids)", async () => {
    const project = await createProject();
    const form = () => fields({ cover: null });
    expect((await call(url, "PUT", `/api/projects/${project._id}`, { form: form() })).status).toBe(
      401,
    );
    expect(
      (
        await call(url, "PUT", `/api/projects/${project._id}`, {
          token: site.strangerToken,
          form: form(),
        })
      ).status,
    ).toBe(403);
    expect((await call(url, "DELETE", `/api/projects/${project._id}`)).status).toBe(401);
    expect(
      (await call(url, "DELETE", `/api/projects/${project._id}`, { token: site.strangerToken }))
        .status,
    ).toBe(403);
    for (const id of ["0123456789abcdef01234567", "not-an-id"]) {
      for (const method of ["PUT", "DELETE"]) {
        const answer = await call(url, method, `/api/projects/${id}`, {
          token: site.ownerToken,
          form: method === "PUT" ? form() : undefined,
        });
        expect(answer).toMatchObject({
          status: 404,
          body: { success: false, message: "Project not found" },
        });
      }
      expect((await call(url, "GET", `/api/projects/${id}`)).status).toBe(404);
    }
    expect(
      (await call<ProjectJson>(url, "GET", `/api/projects/${project._id}`)).body.data.title,
    ).toBe("Night Drive");
  });

  it("updates fields, keeps the cover when none is sent, and replaces it (deleting the old file)", async () => {
    const project = await createProject();
    const oldKey = project.cover.slice("/media/".length);
    const missing = await call(url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: fields({ title: "", cover: null }),
    });
    expect(missing).toMatchObject({ status: 400, body: { message: "Please fill in all fields!" } });
    const kept = await call<ProjectJson>(url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: fields({ title: "Renamed", category: "Frame by Frame", cover: null }),
    });
    expect(kept).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: "Project updated successfully!",
        data: { title: "Renamed", category: "Frame by Frame", cover: project.cover },
      },
    });
    const newPng = await pngOfSize(4000, 20, 10);
    const replaced = await call<ProjectJson>(url, "PUT", `/api/projects/${project._id}`, {
      token: site.ownerToken,
      form: fields({ cover: cover("new.png", newPng) }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.cover).not.toBe(project.cover);
    expect(site.uploads()).not.toContain(oldKey);
    expect(site.uploads()).toContain(replaced.body.data.cover.slice("/media/".length));
    expect((await fetch(new URL(project.cover, url))).status).toBe(404);
  });

  it("deletes a project (to the trash, then for good) and answers in the envelope", async () => {
    const project = await createProject();
    const before = site.uploads();
    const answer = await call<ProjectJson>(url, "DELETE", `/api/projects/${project._id}`, {
      token: site.ownerToken,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: "Project deleted successfully!", data: { _id: project._id } },
    });
    expect((await call(url, "GET", `/api/projects/${project._id}`)).status).toBe(404);
    // In the trash its cover stays stored until it is deleted for good (docs/spec.md §10).
    expect(site.uploads()).toEqual(before);
    const forever = await call(url, "DELETE", `/api/projects/${project._id}?permanent=true`, {
      token: site.ownerToken,
    });
    expect(forever).toMatchObject({
      status: 200,
      body: { success: true, message: "Project deleted successfully!" },
    });
    expect(site.uploads()).toEqual(before.filter((key) => `/media/${key}` !== project.cover));
  });
});

describe("cookie sessions (the site's own forms)", () => {
  const cookieFor = (token: string) =>
    `sb-localhost-auth-token=base64-${Buffer.from(JSON.stringify({ access_token: token, refresh_token: "r" })).toString("base64url")}`;

  it("accepts the owner's session cookie from the site's origin and refuses it from another", async () => {
    const project = await createProject();
    const foreign = await fetch(new URL(`/api/projects/${project._id}`, url), {
      method: "DELETE",
      headers: { cookie: cookieFor(site.ownerToken), origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await call(url, "GET", `/api/projects/${project._id}`)).status).toBe(200);
    const same = await fetch(new URL(`/api/projects/${project._id}`, url), {
      method: "DELETE",
      headers: { cookie: cookieFor(site.ownerToken), origin: new URL(url).origin },
    });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({
      success: true,
      message: "Project deleted successfully!",
    });
  });
});
