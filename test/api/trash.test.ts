import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { call, multipart, type Part } from "../helpers/api-client";
import { jpeg, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";

/*
 * docs/spec.md §10 against the production server: a delete moves to the
 * trash (gone from every public page, list, count and the sitemap at once, its files no longer
 * served), restore brings it back exactly, ?permanent=true deletes with the files; an edit that
 * carries an older version answers 409 and overwrites nothing, leaving no uploaded file behind.
 * On the run's shared site: lists and counts are compared with this file's own earlier reads.
 */

let site: SharedSite;
let url: string;
let png: Buffer;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  png = await pngOfSize(2000, 12, 8);
});
afterAll(() => site?.stop());

const owner = () => ({ token: site.ownerToken });
const cover = (name = "cover.png"): Part => ({ bytes: png, name, type: "image/png" });
const keyOf = (mediaUrl: string) => mediaUrl.slice("/media/".length);

async function visit(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(path, url), { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

async function createProject(title: string, category = "Illustration"): Promise<ProjectJson> {
  const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
    ...owner(),
    form: multipart([
      ["title", title],
      ["role", "Director"],
      ["category", category],
      ["cover", cover()],
    ]),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

async function createSection(projectId: string, title: string): Promise<SectionJson> {
  const answer = await call<SectionJson>(url, "POST", `/api/sections/${projectId}`, {
    ...owner(),
    form: multipart([
      ["title", title],
      ["resources", cover("frame.png")],
    ]),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const titles = async (path: string) =>
  (await call<ProjectJson[]>(url, "GET", path)).body.data.map((p) => p.title);

describe("the trash", () => {
  it("hides a deleted project everywhere at once, keeps its files, and restores it exactly", async () => {
    const first = await createProject("Trash First");
    const doomed = await createProject("Ochre Trash Study", "Photography");
    const last = await createProject("Trash Last");
    const section = await createSection(doomed._id, "Trash Section");
    const page = `/sections/${doomed._id}`;
    // Cached first, so the delete must expire them.
    for (const path of ["/", "/?category=Photography", page]) {
      expect((await visit(path)).html, path).toContain("Ochre Trash Study");
    }
    const files = site.uploads();
    const photography = await titles("/api/projects/filter?category=Photography");
    // A category left without projects has no count at all.
    const photographyCount = async () =>
      (
        await call<{ _id: string; count: number }[]>(url, "GET", "/api/projects/counts")
      ).body.data.find((c) => c._id === "Photography")?.count;
    const photographyBefore = (await photographyCount())!;

    const deleted = await call<ProjectJson>(url, "DELETE", `/api/projects/${doomed._id}`, owner());
    expect(deleted).toMatchObject({
      status: 200,
      body: { success: true, message: "Project deleted successfully!", data: { _id: doomed._id } },
    });
    expect(deleted.body.data.deletedAt).toMatch(/^\d{4}-/);
    for (const path of ["/", "/?category=Photography", "/?q=Ochre", "/sitemap.xml"]) {
      expect((await visit(path)).html, path).not.toContain(
        path === "/sitemap.xml" ? page : "Ochre Trash Study",
      );
    }
    expect((await visit(page)).status).toBe(404);
    expect(await titles("/api/projects")).not.toContain("Ochre Trash Study");
    expect(await titles("/api/projects/filter?category=Photography")).toEqual(
      photography.filter((title) => title !== "Ochre Trash Study"),
    );
    expect(await photographyCount()).toBe(photographyBefore - 1 || undefined);
    expect((await call(url, "GET", `/api/projects/${doomed._id}`)).status).toBe(404);
    expect((await call(url, "GET", `/api/sections/${doomed._id}`)).status).toBe(404);
    expect((await call(url, "GET", `/api/sections/edit/${section._id}`)).status).toBe(404);
    // Its files stay on disk for a restore, but are not served.
    expect(site.uploads()).toEqual(files);
    for (const media of [doomed.cover, section.images[0]!.url]) {
      expect((await fetch(new URL(media, url))).status, media).toBe(404);
    }
    // Edits and a second delete see no project.
    expect(
      (
        await call(url, "PUT", `/api/projects/${doomed._id}`, {
          ...owner(),
          json: { title: "x", role: "y", category: "Illustration" },
        })
      ).status,
    ).toBe(404);
    expect((await call(url, "DELETE", `/api/projects/${doomed._id}`, owner())).status).toBe(404);

    // Restore: owner only, then everything is back where it was.
    const restorePath = `/api/projects/${doomed._id}/restore`;
    expect((await call(url, "POST", restorePath)).status).toBe(401);
    expect((await call(url, "POST", restorePath, { token: site.strangerToken })).status).toBe(403);
    const restored = await call<ProjectJson>(url, "POST", restorePath, owner());
    expect(restored).toMatchObject({
      status: 200,
      body: { success: true, message: "Project restored successfully!" },
    });
    // Exactly as it was, but for its version: the trash and the restore each counted (§10).
    expect(restored.body.data).toEqual({ ...doomed, deletedAt: null, version: doomed.version + 2 });
    expect(await call(url, "POST", restorePath, owner())).toMatchObject({
      status: 404,
      body: { message: "Project not found" },
    });
    const order = await titles("/api/projects");
    expect(order.slice(order.indexOf("Trash First"), order.indexOf("Trash Last") + 1)).toEqual([
      first.title,
      doomed.title,
      last.title,
    ]);
    expect((await visit(page)).html).toContain("Trash Section");
    expect((await visit("/sitemap.xml")).html).toContain(page);
    expect((await fetch(new URL(doomed.cover, url))).status).toBe(200);
    expect((await call(url, "GET", `/api/sections/edit/${section._id}`)).status).toBe(200);
  });

  it("trashes and restores a section in its place; ?permanent=true deletes with its files", async () => {
    const project = await createProject("Sectioned");
    const a = await createSection(project._id, "Alpha part");
    const b = await createSection(project._id, "Beta part");
    const c = await createSection(project._id, "Gamma part");
    const list = async () =>
      (await call<SectionJson[]>(url, "GET", `/api/sections/${project._id}`)).body.data.map(
        (s) => s.title,
      );
    expect((await call(url, "DELETE", `/api/sections/${b._id}`, owner())).status).toBe(200);
    expect(await list()).toEqual(["Alpha part", "Gamma part"]);
    expect((await visit(`/sections/${project._id}`)).html).not.toContain("Beta part");
    expect(site.uploads()).toContain(keyOf(b.images[0]!.url));
    expect((await call(url, "POST", `/api/sections/${b._id}/restore`)).status).toBe(401);
    expect(await call(url, "POST", `/api/sections/${b._id}/restore`, owner())).toMatchObject({
      status: 200,
      body: { message: "Section restored successfully!", data: { _id: b._id } },
    });
    expect(await list()).toEqual(["Alpha part", "Beta part", "Gamma part"]);
    expect((await call(url, "POST", `/api/sections/${b._id}/restore`, owner())).status).toBe(404);

    // For good: from the trash or straight away, with its files.
    expect(
      (await call(url, "DELETE", `/api/sections/${a._id}?permanent=maybe`, owner())).body.message,
    ).toBe("permanent must be true or false");
    await call(url, "DELETE", `/api/sections/${a._id}`, owner());
    expect(
      await call(url, "DELETE", `/api/sections/${a._id}?permanent=true`, owner()),
    ).toMatchObject({ status: 200, body: { message: "Section deleted successfully" } });
    expect(
      (await call(url, "DELETE", `/api/sections/${c._id}?permanent=true`, owner())).status,
    ).toBe(200);
    for (const gone of [a, c]) expect(site.uploads()).not.toContain(keyOf(gone.images[0]!.url));
    expect((await call(url, "POST", `/api/sections/${a._id}/restore`, owner())).status).toBe(404);
    expect(await list()).toEqual(["Beta part"]);

    await call(url, "DELETE", `/api/projects/${project._id}`, owner());
    const removed = await call(
      url,
      "DELETE",
      `/api/projects/${project._id}?permanent=true`,
      owner(),
    );
    expect(removed).toMatchObject({
      status: 200,
      body: { message: "Project deleted successfully!" },
    });
    for (const media of [project.cover, b.images[0]!.url])
      expect(site.uploads()).not.toContain(keyOf(media));
    expect((await call(url, "POST", `/api/projects/${project._id}/restore`, owner())).status).toBe(
      404,
    );
  });
});

describe("a trashed section's files", () => {
  it("answer 404 on /media and through the image optimizer until it is restored; an image removed in an edit, for good", async () => {
    const project = await createProject("Private files");
    const big = await pngOfSize(8000, 640, 400);
    const answer = await call<SectionJson>(url, "POST", `/api/sections/${project._id}`, {
      ...owner(),
      form: multipart([
        ["title", "Film"],
        ["resources", { bytes: big, name: "a.png", type: "image/png" }],
        ["resources", { bytes: big, name: "b.png", type: "image/png" }],
        ["video", { bytes: mp4OfSize(4096), name: "clip.mp4", type: "video/mp4" }],
        ["poster", { bytes: await jpeg(64, 36), name: "still.jpg", type: "image/jpeg" }],
      ]),
    });
    expect(answer.status).toBe(201);
    const section = answer.body.data;
    const optimized = (media: string) => `/_next/image?url=${encodeURIComponent(media)}&w=384&q=75`;
    const files = [...section.images.map((image) => image.url), section.video, section.poster];
    const images = [section.images[0]!.url, section.poster];
    const status = async (path: string) => (await fetch(new URL(path, url))).status;
    const statuses = async () =>
      Promise.all([...files.map(status), ...images.map((media) => status(optimized(media)))]);
    // Served, and an optimized width cached, before the trash.
    expect(await statuses()).toEqual([200, 200, 200, 200, 200, 200]);

    expect((await call(url, "DELETE", `/api/sections/${section._id}`, owner())).status).toBe(200);
    expect(await statuses()).toEqual([404, 404, 404, 404, 404, 404]);
    // A width never asked before is refused as well.
    expect(await status(optimized(section.images[1]!.url).replace("w=384", "w=576"))).toBe(404);

    await call(url, "POST", `/api/sections/${section._id}/restore`, owner());
    expect(await statuses()).toEqual([200, 200, 200, 200, 200, 200]);

    // An edit that leaves the first image out removes its file.
    const kept = section.images[1]!;
    const edit = await call<SectionJson>(url, "PUT", `/api/sections/${section._id}`, {
      ...owner(),
      form: multipart([
        ["existingImages", JSON.stringify([{ url: kept.url, alt: "", focalX: 0.5, focalY: 0.5 }])],
      ]),
    });
    expect(edit.status).toBe(200);
    expect(await status(section.images[0]!.url)).toBe(404);
    expect(await status(optimized(section.images[0]!.url))).toBe(404);
    expect(await status(kept.url)).toBe(200);
  });
});

describe("versions", () => {
  it("answers 409 to a stale project save, overwriting nothing and keeping no uploaded file", async () => {
    const project = await createProject("Versioned");
    expect(project.version).toBe(1);
    const fields: [string, Part][] = [
      ["role", "Director"],
      ["category", "Illustration"],
    ];
    const saved = await call<ProjectJson>(url, "PUT", `/api/projects/${project._id}`, {
      ...owner(),
      form: multipart([["title", "From tab one"], ...fields, ["version", "1"]]),
    });
    expect(saved).toMatchObject({ status: 200, body: { data: { version: 2 } } });

    const files = site.uploads();
    const stale = await call(url, "PUT", `/api/projects/${project._id}`, {
      ...owner(),
      form: multipart([["title", "From tab two"], ...fields, ["version", "1"], ["cover", cover()]]),
    });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: "This project was changed elsewhere. Reload to see the latest version.",
      },
    });
    expect(site.uploads()).toEqual(files);
    expect(site.tmpFiles()).toEqual([]);
    expect(
      (await call<ProjectJson>(url, "GET", `/api/projects/${project._id}`)).body.data,
    ).toMatchObject({ title: "From tab one", version: 2, cover: saved.body.data.cover });
    // JSON too; without a version (older clients) the save is accepted as before.
    expect(
      (
        await call(url, "PUT", `/api/projects/${project._id}`, {
          ...owner(),
          json: { title: "JSON", role: "r", category: "Illustration", version: 1 },
        })
      ).status,
    ).toBe(409);
    expect(
      await call(url, "PUT", `/api/projects/${project._id}`, {
        ...owner(),
        json: { title: "No version", role: "r", category: "Illustration" },
      }),
    ).toMatchObject({ status: 200, body: { data: { title: "No version", version: 3 } } });
    expect(
      await call(url, "PUT", `/api/projects/${project._id}`, {
        ...owner(),
        json: { title: "Bad", role: "r", category: "Illustration", version: "two" },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Version must be a whole number of 1 or more" },
    });
  });

  it("counts a trash and a restore as changes: a tab that loaded before them gets 409 (§10)", async () => {
    const project = await createProject("Trashed Between");
    const section = await createSection(project._id, "Kept");
    // What another tab loaded before the round trip through the trash.
    const loaded = { project: project.version, section: section.version };

    const trashed = await call<ProjectJson>(url, "DELETE", `/api/projects/${project._id}`, owner());
    expect(trashed.body.data.version).toBe(loaded.project + 1);
    const back = await call<ProjectJson>(
      url,
      "POST",
      `/api/projects/${project._id}/restore`,
      owner(),
    );
    expect(back.body.data.version).toBe(loaded.project + 2);
    const gone = await call<SectionJson>(url, "DELETE", `/api/sections/${section._id}`, owner());
    expect(gone.body.data.version).toBe(loaded.section + 1);
    const again = await call<SectionJson>(
      url,
      "POST",
      `/api/sections/${section._id}/restore`,
      owner(),
    );
    expect(again.body.data.version).toBe(loaded.section + 2);

    const staleProject = await call(url, "PUT", `/api/projects/${project._id}`, {
      ...owner(),
      json: { title: "Overwritten", role: "r", category: "Illustration", version: loaded.project },
    });
    expect(staleProject).toMatchObject({
      status: 409,
      body: { message: "This project was changed elsewhere. Reload to see the latest version." },
    });
    const staleSection = await call(url, "PUT", `/api/sections/${section._id}`, {
      ...owner(),
      form: multipart([
        ["title", "Overwritten"],
        ["version", String(loaded.section)],
      ]),
    });
    expect(staleSection).toMatchObject({
      status: 409,
      body: { message: "This section was changed elsewhere. Reload to see the latest version." },
    });
    // Nothing was overwritten; the version the server now answers is the one to save from.
    const stored = await call<ProjectJson>(url, "GET", `/api/projects/${project._id}`);
    expect(stored.body.data).toMatchObject({
      title: "Trashed Between",
      version: loaded.project + 2,
    });
    const storedSection = await call<SectionJson>(url, "GET", `/api/sections/edit/${section._id}`);
    expect(storedSection.body.data).toMatchObject({ title: "Kept", version: loaded.section + 2 });
    const fresh = await call(url, "PUT", `/api/projects/${project._id}`, {
      ...owner(),
      json: { title: "Saved", role: "r", category: "Illustration", version: loaded.project + 2 },
    });
    expect(fresh.status).toBe(200);
  });

  it("answers 409 to a stale section save and lets one of two concurrent saves through", async () => {
    const project = await createProject("Raced");
    const section = await createSection(project._id, "Start");
    const put = (title: string, version: string, extra: [string, Part][] = []) =>
      call<SectionJson>(url, "PUT", `/api/sections/${section._id}`, {
        ...owner(),
        form: multipart([["title", title], ["version", version], ...extra]),
      });
    const files = site.uploads();
    const [left, right] = await Promise.all([
      put("Left", "1", [["resources", cover("l.png")]]),
      put("Right", "1", [["resources", cover("r.png")]]),
    ]);
    expect([left.status, right.status].sort()).toEqual([200, 409]);
    const winner = left.status === 200 ? left : right;
    const loser = left.status === 200 ? right : left;
    expect(loser.body.message).toBe(
      "This section was changed elsewhere. Reload to see the latest version.",
    );
    expect(winner.body.data.version).toBe(2);
    // Only the winner's new image is stored.
    expect(site.uploads()).toEqual([...files, keyOf(winner.body.data.images[1]!.url)].sort());
    const stored = await call<SectionJson>(url, "GET", `/api/sections/edit/${section._id}`);
    expect(stored.body.data).toMatchObject({ title: winner.body.data.title, version: 2 });
    expect((await put("Later", "2")).body.data.version).toBe(3);
  });
});
