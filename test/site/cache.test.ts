import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, multipart, type Part } from "../helpers/api-client";
import { pngOfSize } from "../helpers/media-fixtures";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";

/*
 * Public pages (gallery, project, About, Reel) come from Next.js's cache (x-nextjs-cache: HIT on a
 * repeat visit), and every write through the API shows on the very next request of the pages that
 * show it: the writes expire the cache tags those pages were rendered with. On the run's shared
 * site: a page shows this file's projects, the newest, whatever other files made before.
 */

type ProjectJson = { _id: string; title: string };

let site: SharedSite;
let url: string;
let png: Buffer;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  png = await pngOfSize(2000, 12, 8);
});
afterAll(() => site?.stop());

async function visit(
  path: string,
): Promise<{ status: number; html: string; cache: string | null }> {
  const response = await fetch(new URL(path, url), { redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    cache: response.headers.get("x-nextjs-cache"),
  };
}

function projectForm(
  title: string,
  category: string,
  withCover = true,
  extra: [string, string][] = [],
): FormData {
  const parts: [string, Part][] = [
    ["title", title],
    ["role", "Director"],
    ["category", category],
    ...extra,
  ];
  if (withCover) parts.push(["cover", { bytes: png, name: "cover.png", type: "image/png" }]);
  return multipart(parts);
}

async function createProject(title: string, category: string): Promise<ProjectJson> {
  const answer = await call<ProjectJson>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: projectForm(title, category),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const HOME = "/";
const ILLUSTRATION = "/?category=Illustration";
const MOTION = "/?category=Motion%20Design";

describe("cached public pages", () => {
  it("serves the home page, a filtered gallery and a project page from the cache", async () => {
    const project = await createProject("Paper Birds", "Illustration");
    for (const path of [HOME, ILLUSTRATION, `/sections/${project._id}`]) {
      const first = await visit(path);
      expect(first.status, path).toBe(200);
      expect(first.html.includes("Paper Birds"), path).toBe(true);
      const again = await visit(path);
      expect(again.status, path).toBe(200);
      expect(again.cache, path).toBe("HIT");
      expect(again.html.includes("Paper Birds"), path).toBe(true);
    }
  });

  it("serves About and Reel from the cache, and nothing below them", async () => {
    for (const path of ["/about", "/reel"]) {
      expect((await visit(path)).status, path).toBe(200);
      const again = await visit(path);
      expect(again.cache, path).toBe("HIT");
      expect(again.html, path).toMatch(/<h1[^>]*>(About|Reel)<\/h1>/);
      expect((await visit(`${path}/anything`)).status, path).toBe(404);
    }
  });

  it("caches the views the gallery links to, and still answers other forms of them", async () => {
    const tools = await createProject("Brush Kit", "Assets & Tools");
    const cards = (html: string) => ["Paper Birds", "Brush Kit"].filter((t) => html.includes(t));
    // The filter links' own forms (next.config.ts rewrites them, lib/site/routing-rules.ts).
    for (const [path, shows] of [
      ["/?category=Assets+%26+Tools", ["Brush Kit"]],
      ["/?category=Assets%20%26%20Tools&page=1", ["Brush Kit"]],
      ["/?page=2", ["Paper Birds", "Brush Kit"]],
      ["/?q=", ["Paper Birds", "Brush Kit"]],
      ["/?category=Illustration&utm_source=newsletter", ["Paper Birds"]],
    ] as const) {
      await visit(path);
      const again = await visit(path);
      expect(again.cache, path).toBe("HIT");
      expect(cards(again.html), path).toEqual(shows);
    }
    // Other spellings are rewritten to the cached view they mean: unknown → all, a page
    // that is not 1…100 written plainly → 1, a repeated parameter → its last value.
    for (const [path, shows] of [
      ["/?category=illustration", ["Paper Birds", "Brush Kit"]],
      ["/?category=Nope&page=2", ["Paper Birds", "Brush Kit"]],
      ["/?category=Assets+%26+Tools&page=0", ["Brush Kit"]],
      ["/?category=Illustration&page=101", ["Paper Birds"]],
      ["/?category=Illustration&page=01", ["Paper Birds"]],
      ["/?q=%20%20&category=Illustration", ["Paper Birds"]],
      ["/?category=Nope&category=Illustration", ["Paper Birds"]],
      ["/?category=Illustration&category=Nope", ["Paper Birds", "Brush Kit"]],
      ["/?q=paper&q=", ["Paper Birds", "Brush Kit"]],
    ] as const) {
      const first = await visit(path);
      expect(first.status, path).toBe(200);
      expect(cards(first.html), path).toEqual(shows);
      expect((await visit(path)).cache, path).toBe("HIT");
    }
    await call(url, "DELETE", `/api/projects/${tools._id}`, { token: site.ownerToken });
  });

  it("keeps searches per request and answers them from the current data", async () => {
    const search = await visit("/?q=paper");
    expect(search.status).toBe(200);
    expect(search.cache).toBeNull();
    expect(search.html.includes("Paper Birds")).toBe(true);
    expect((await visit("/?q=nothing-like-it")).html.includes("Paper Birds")).toBe(false);
    // A repeated parameter: its last value, as the rewrites read it.
    expect((await visit("/?q=nothing-like-it&q=paper")).html.includes("Paper Birds")).toBe(true);
  });

  it("shows a created, updated and deleted project on the very next request", async () => {
    // Warm every page first, so the change must purge a cached rendering to show.
    for (const path of [HOME, ILLUSTRATION, MOTION, "/sitemap.xml"]) await visit(path);
    const project = await createProject("Glass Harbour", "Illustration");
    const page = `/sections/${project._id}`;
    expect((await visit("/sitemap.xml")).html).toContain(`${page}</loc>`);
    expect((await visit(HOME)).html.includes("Glass Harbour"), HOME).toBe(true);
    expect((await visit(ILLUSTRATION)).html.includes("Glass Harbour"), ILLUSTRATION).toBe(true);
    expect((await visit(MOTION)).html.includes("Glass Harbour"), MOTION).toBe(false);
    expect((await visit(page)).html.includes("Glass Harbour"), page).toBe(true);
    expect((await visit(page)).cache).toBe("HIT");

    const updated = await call(url, "PUT", page.replace("/sections/", "/api/projects/"), {
      token: site.ownerToken,
      form: projectForm("Stone Harbour", "Motion Design", false),
    });
    expect(updated.status).toBe(200);
    for (const path of [HOME, MOTION, page]) {
      const html = (await visit(path)).html;
      expect(html.includes("Stone Harbour"), path).toBe(true);
      expect(html.includes("Glass Harbour"), path).toBe(false);
    }
    expect((await visit(ILLUSTRATION)).html.includes("Stone Harbour"), ILLUSTRATION).toBe(false);

    const section = await call(url, "POST", `/api/sections/${project._id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "Tide Studies"],
        ["description", "Pencil roughs"],
      ]),
    });
    expect(section.status).toBe(201);
    expect((await visit(page)).html.includes("Tide Studies"), page).toBe(true);

    const deleted = await call(url, "DELETE", `/api/projects/${project._id}`, {
      token: site.ownerToken,
    });
    expect(deleted.status).toBe(200);
    for (const path of [HOME, MOTION]) {
      expect((await visit(path)).html.includes("Stone Harbour"), path).toBe(false);
    }
    expect((await visit(page)).status).toBe(404);
    expect((await visit("/sitemap.xml")).html).not.toContain(`${page}</loc>`);
  });

  it("shows new site settings on the next request of a cached page", async () => {
    for (const path of [HOME, "/about", "/reel"]) {
      await visit(path);
      expect((await visit(path)).cache, path).toBe("HIT");
    }
    const saved = await call(url, "PUT", "/api/settings", {
      token: site.ownerToken,
      form: multipart([
        ["ownerName", "Mara Okafor"],
        ["tagline", "Frames from Lagos"],
        ["biography", ""],
        ["contactEmail", ""],
        ["showreelUrl", ""],
      ]),
    });
    expect(saved.status).toBe(200);
    for (const path of [HOME, ILLUSTRATION, "/about", "/reel"]) {
      expect((await visit(path)).html.includes("Mara Okafor"), path).toBe(true);
    }
  });

  it("answers every project page a visitor cannot open with one kept 404 page, renewed by writes", async () => {
    const hex = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);
    const draft = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: projectForm("Hidden Lantern", "Illustration", true, [["status", "draft"]]),
    });
    expect(draft.status).toBe(201);
    const draftPage = `/sections/${draft.body.data._id}`;
    // Rendered for the first ids (two renderings that agree are kept), then served from the cache.
    for (let i = 0; i < 2; i++) expect((await visit(`/sections/${hex()}`)).status).toBe(404);
    const answers = [];
    for (const page of [`/sections/${hex()}`, `/sections/${hex()}`, draftPage, "/sections/x"]) {
      const answer = await visit(page);
      expect(answer.status, page).toBe(404);
      expect(answer.cache, page).toBe("HIT");
      expect(answer.html, page).toContain("Page not found");
      const id = page.slice("/sections/".length);
      if (id.length === 24) expect(answer.html, page).not.toContain(id);
      answers.push(answer.html);
    }
    // A draft's page is the same bytes as an unknown id's: nothing tells that the draft exists.
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).not.toContain("Hidden Lantern");

    // Published, the draft's page opens at once; the ids are read again after each write.
    const published = await call(url, "PUT", `/api/projects/${draft.body.data._id}`, {
      token: site.ownerToken,
      form: projectForm("Hidden Lantern", "Illustration", false, [["status", "published"]]),
    });
    expect(published.status).toBe(200);
    const opened = await visit(draftPage);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Hidden Lantern");

    // New settings show on the kept 404 page too (it was dropped with the write).
    const saved = await call(url, "PUT", "/api/settings", {
      token: site.ownerToken,
      form: multipart([
        ["ownerName", "Ines Varga"],
        ["tagline", ""],
        ["biography", ""],
        ["contactEmail", ""],
        ["showreelUrl", ""],
      ]),
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const unknown = await visit(`/sections/${hex()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.html).toContain("Ines Varga");
    }
    expect((await visit(`/sections/${hex()}`)).cache).toBe("HIT");

    // Deleted, a project's page is that same 404 page.
    await call(url, "DELETE", `/api/projects/${draft.body.data._id}`, { token: site.ownerToken });
    const gone = await visit(draftPage);
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain("Hidden Lantern");
  });
});
