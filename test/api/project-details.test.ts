import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson } from "@/lib/data/serialize";
import { call, multipart, type Part } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { pngOfSize } from "../helpers/media-fixtures";

/** docs/spec.md §3: optional year, client and summary, through the API and on the project page. */
let site: SharedSite;
let url: string;
let png: Buffer;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  png = await pngOfSize(2000, 12, 8);
});
afterAll(() => site?.stop());

const base = { title: "Night Drive", role: "Director", category: "Motion Design" };

function form(fields: Record<string, string>, withCover = false) {
  const parts: [string, Part][] = Object.entries({ ...base, ...fields });
  if (withCover) parts.push(["cover", { bytes: png, name: "cover.png", type: "image/png" }]);
  return multipart(parts);
}

async function getProject(id: string): Promise<ProjectJson> {
  return (await call<ProjectJson>(url, "GET", `/api/projects/${id}`)).body.data;
}

/** The text of an HTML attribute value as React escapes it. */
function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function projectPage(id: string) {
  const response = await fetch(new URL(`/sections/${id}`, url));
  expect(response.status).toBe(200);
  const html = await response.text();
  const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
  const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  const header = /<header class="[^"]*\bmb-12\b[^"]*">(.*?)<\/header>/s.exec(html)?.[1] ?? "";
  return {
    description,
    ld: JSON.parse(ld!.replace(/\\u003c/g, "<")) as Record<string, unknown>,
    headerText: header.replace(/<[^>]+>/g, "|"),
  };
}

describe("project year, client and summary", () => {
  it("creates with them, answers them, and the page shows them in its header, meta and JSON-LD", async () => {
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: form(
        { year: "2024", client: " Acme & Co ", summary: "A short film about night." },
        true,
      ),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      year: 2024,
      client: "Acme & Co",
      summary: "A short film about night.",
    });
    const id = created.body.data._id;
    expect(await getProject(id)).toMatchObject({
      year: 2024,
      client: "Acme & Co",
      summary: "A short film about night.",
    });

    const page = await projectPage(id);
    expect(page.headerText).toContain("2024 · Acme &amp; Co");
    expect(page.headerText).toContain("A short film about night.");
    expect(page.description).toBe("A short film about night.");
    expect(page.ld).toMatchObject({
      "@type": "CreativeWork",
      name: "Night Drive",
      dateCreated: "2024",
      copyrightYear: 2024,
      sponsor: { "@type": "Organization", name: "Acme & Co" },
      abstract: "A short film about night.",
      description: "A short film about night.",
    });
  });

  it("edits them (the cached page follows), keeps them when not sent and clears them with empty fields", async () => {
    // The owner's name as the site's settings say now (other files on the shared site change it).
    const settings = await call<{ ownerName: string }>(url, "GET", "/api/settings");
    const plainDescription = `Night Drive: Motion Design by ${settings.body.data.ownerName} (Director).`;
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: form({}, true),
    });
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject({ year: null, client: "", summary: "" });
    const plain = await projectPage(id);
    expect(plain.description).toBe(plainDescription);
    expect(plain.ld).not.toHaveProperty("sponsor");
    expect(plain.ld).not.toHaveProperty("abstract");

    const edited = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      form: form({ year: "1999", client: "Studio Nord", summary: "Edited summary." }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      year: 1999,
      client: "Studio Nord",
      summary: "Edited summary.",
    });
    const after = await projectPage(id);
    expect(after.headerText).toContain("1999 · Studio Nord");
    expect(after.description).toBe("Edited summary.");
    expect(after.ld).toMatchObject({ dateCreated: "1999", abstract: "Edited summary." });

    // A client that does not know the new fields (title, role, category only) keeps them.
    const kept = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      form: form({ title: "Renamed" }),
    });
    expect(kept.body.data).toMatchObject({ title: "Renamed", year: 1999, client: "Studio Nord" });

    // The JSON variant takes a number, and null or "" clear.
    const json = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      json: { ...base, year: 2001, client: null, summary: "" },
    });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ year: 2001, client: "", summary: "" });

    const cleared = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      form: form({ year: "", client: "", summary: "" }),
    });
    expect(cleared.body.data).toMatchObject({ year: null, client: "", summary: "" });
    expect(await getProject(id)).toMatchObject({ year: null, client: "", summary: "" });
    const page = await projectPage(id);
    expect(page.headerText).not.toContain("1999");
    expect(page.headerText).not.toContain("Studio Nord");
    expect(page.description).toBe(plainDescription);
  });

  it("refuses a bad year or over-long text with 400 and changes nothing", async () => {
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: form({ year: "2020", client: "Keep", summary: "Keep me." }, true),
    });
    const id = created.body.data._id;
    const before = await getProject(id);
    const uploads = site.uploads();
    const count = (await call<ProjectJson[]>(url, "GET", "/api/projects")).body.data.length;
    const bad: [Record<string, string>, string][] = [
      [{ year: "1899" }, "Year must be a whole number from 1900 to 2100"],
      [{ year: "2101" }, "Year must be a whole number from 1900 to 2100"],
      [{ year: "twenty" }, "Year must be a whole number from 1900 to 2100"],
      [{ client: "x".repeat(81) }, "Client must be at most 80 characters"],
      [{ summary: "x".repeat(501) }, "Summary must be at most 500 characters"],
    ];
    for (const [fields, message] of bad) {
      const put = await call(url, "PUT", `/api/projects/${id}`, {
        token: site.ownerToken,
        form: form(fields, true),
      });
      expect(put, JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
      const post = await call(url, "POST", "/api/projects", {
        token: site.ownerToken,
        form: form(fields, true),
      });
      expect(post).toMatchObject({ status: 400, body: { message } });
    }
    const jsonYear = await call(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      json: { ...base, year: 2020.5 },
    });
    expect(jsonYear).toMatchObject({
      status: 400,
      body: { message: "Year must be a whole number from 1900 to 2100" },
    });
    expect(await getProject(id)).toEqual(before);
    expect(site.uploads()).toEqual(uploads);
    const list = await call<ProjectJson[]>(url, "GET", "/api/projects");
    expect(list.body.data).toHaveLength(count);

    const visitor = await call(url, "PUT", `/api/projects/${id}`, {
      form: form({ year: "2000" }),
    });
    expect(visitor.status).toBe(401);
    expect(await getProject(id)).toEqual(before);
  });
  it("lists the project's films in its JSON-LD as VideoObjects with their poster and date", async () => {
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: form({ summary: "A short film about night." }, true),
    });
    const id = created.body.data._id;
    const section = await call<{ poster: string; createdAt: string }>(
      url,
      "POST",
      `/api/sections/${id}`,
      {
        token: site.ownerToken,
        form: multipart([
          ["title", "Teaser"],
          ["videoEmbed", "https://vimeo.com/76979871"],
          ["poster", { bytes: png, name: "poster.png", type: "image/png" }],
        ]),
      },
    );
    expect(section.status).toBe(201);
    const { ld } = await projectPage(id);
    expect(ld.video).toEqual([
      {
        "@type": "VideoObject",
        name: "Teaser",
        description: "A short film about night.",
        thumbnailUrl: new URL(section.body.data.poster, url).toString(),
        uploadDate: section.body.data.createdAt,
        embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
      },
    ]);
  });
});
