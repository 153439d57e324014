import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectJson, SectionJson } from "@/lib/data/serialize";
import { call, multipart, type Part } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { pngOfSize } from "../helpers/media-fixtures";

/** docs/spec.md §2: section layouts and focal points through the API and on the page. */
let site: SharedSite;
let url: string;
let projectId: string;
let png: Buffer;

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  png = await pngOfSize(2000, 30, 20);
  const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Layouts"],
      ["role", "Illustrator"],
      ["category", "Illustration"],
      ["cover", { bytes: png, name: "c.png", type: "image/png" }],
    ]),
  });
  projectId = project.body.data._id;
});
afterAll(() => site?.stop());

const image = (name: string): Part => ({ bytes: png, name, type: "image/png" });
const postSection = (parts: [string, Part][]) =>
  call<SectionJson>(url, "POST", `/api/sections/${projectId}`, {
    token: site.ownerToken,
    form: multipart(parts),
  });
const putSection = (id: string, parts: [string, Part][]) =>
  call<SectionJson>(url, "PUT", `/api/sections/${id}`, {
    token: site.ownerToken,
    form: multipart(parts),
  });
const listSections = async () =>
  (await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`)).body.data;
const readSection = async (id: string) =>
  (await call<SectionJson>(url, "GET", `/api/sections/edit/${id}`)).body.data;
const pageHtml = async () => (await fetch(new URL(`/sections/${projectId}`, url))).text();

describe("section layout", () => {
  it("stores grid when not sent and the layout sent; the answers and the page carry it", async () => {
    const plain = await postSection([["title", "Plain"]]);
    expect(plain.status).toBe(201);
    expect(plain.body.data.layout).toBe("grid");
    const natural = await postSection([
      ["title", "Sketches"],
      ["layout", "natural"],
      ["resources", image("a.png")],
      ["resources", image("b.png")],
    ]);
    expect(natural).toMatchObject({ status: 201, body: { data: { layout: "natural" } } });
    expect((await listSections()).map((section) => section.layout)).toEqual(["grid", "natural"]);
    expect(await readSection(natural.body.data._id)).toMatchObject({ layout: "natural" });
    const html = await pageHtml();
    expect(html).toContain('data-layout="natural"');
    // Justified rows: each picture's box has the picture's own shape (30 × 20), so nothing is cropped.
    expect(html).toContain("aspect-ratio:1.5");
  });

  it("edits the layout, keeps it when not sent, and the cached page follows", async () => {
    const created = await postSection([
      ["title", "Spreads"],
      ["resources", image("c.png")],
    ]);
    const id = created.body.data._id;
    expect(await pageHtml()).not.toContain('data-layout="full"');
    expect(await putSection(id, [["layout", "full"]])).toMatchObject({
      status: 200,
      body: { data: { layout: "full" } },
    });
    expect(await putSection(id, [["title", "Spreads, renamed"]])).toMatchObject({
      status: 200,
      body: { data: { layout: "full", title: "Spreads, renamed" } },
    });
    expect(await pageHtml()).toContain('data-layout="full"');
  });

  it("refuses an unknown layout with 400 and stores nothing, on add and on edit", async () => {
    const sections = await listSections();
    const uploads = site.uploads();
    for (const layout of ["masonry", "", "GRID"]) {
      expect(
        await postSection([
          ["title", "Refused"],
          ["layout", layout],
          ["resources", image("d.png")],
        ]),
      ).toMatchObject({
        status: 400,
        body: { success: false, message: "Invalid layout: use grid, natural or full" },
      });
      const target = sections[1]!;
      expect(
        await putSection(target._id, [
          ["layout", layout],
          ["title", "Changed"],
          ["resources", image("e.png")],
        ]),
      ).toMatchObject({
        status: 400,
        body: { message: "Invalid layout: use grid, natural or full" },
      });
    }
    expect(await listSections()).toEqual(sections);
    expect(site.uploads()).toEqual(uploads);
  });
});

describe("focal points", () => {
  const getProjectJson = async (id: string) =>
    (await call<ProjectJson>(url, "GET", `/api/projects/${id}`)).body.data;

  it("a cover's focal point: centre by default, set on create and edit, used by the gallery card", async () => {
    expect((await getProjectJson(projectId)).coverFocal).toEqual({ x: 0.5, y: 0.5 });
    const created = await call<ProjectJson>(url, "POST", "/api/projects", {
      token: site.ownerToken,
      form: multipart([
        ["title", "Focused"],
        ["role", "Illustrator"],
        ["category", "Illustration"],
        ["coverFocal", "0.2,0.9"],
        ["cover", { bytes: png, name: "c.png", type: "image/png" }],
      ]),
    });
    expect(created).toMatchObject({
      status: 201,
      body: { data: { coverFocal: { x: 0.2, y: 0.9 } } },
    });
    const id = created.body.data._id;
    const home = await (await fetch(new URL("/", url))).text();
    expect(home).toContain("object-position:20% 90%");
    const edited = await call<ProjectJson>(url, "PUT", `/api/projects/${id}`, {
      token: site.ownerToken,
      form: multipart([
        ["title", "Focused"],
        ["role", "Illustrator"],
        ["category", "Illustration"],
        ["coverFocal", "1,0"],
      ]),
    });
    expect(edited.body.data.coverFocal).toEqual({ x: 1, y: 0 });
    // JSON clients send it the same way; a save without it keeps it.
    const json = await fetch(new URL(`/api/projects/${id}`, url), {
      method: "PUT",
      headers: { authorization: `Bearer ${site.ownerToken}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Focused", role: "Illustrator", category: "Illustration" }),
    });
    expect(((await json.json()) as { data: ProjectJson }).data.coverFocal).toEqual({ x: 1, y: 0 });
  });

  it("refuses a bad cover focal point with 400, nothing stored", async () => {
    const before = (await call<ProjectJson[]>(url, "GET", "/api/projects")).body.data;
    const uploads = site.uploads();
    for (const coverFocal of ["1.5,0.5", "-0.1,0", "0.5", "a,b", ""]) {
      expect(
        await call(url, "POST", "/api/projects", {
          token: site.ownerToken,
          form: multipart([
            ["title", "Refused"],
            ["role", "Illustrator"],
            ["category", "Illustration"],
            ["coverFocal", coverFocal],
            ["cover", { bytes: png, name: "c.png", type: "image/png" }],
          ]),
        }),
      ).toMatchObject({
        status: 400,
        body: {
          success: false,
          message: 'Invalid focal point: send "x,y" with each value from 0 to 1, e.g. "0.5,0.5"',
        },
      });
      expect(
        (
          await call(url, "PUT", `/api/projects/${projectId}`, {
            token: site.ownerToken,
            form: multipart([
              ["title", "Changed"],
              ["role", "Illustrator"],
              ["category", "Illustration"],
              ["coverFocal", coverFocal],
              ["cover", { bytes: png, name: "c.png", type: "image/png" }],
            ]),
          })
        ).status,
      ).toBe(400);
    }
    expect((await call<ProjectJson[]>(url, "GET", "/api/projects")).body.data).toEqual(before);
    expect(site.uploads()).toEqual(uploads);
  });

  it("images take resourceFocals; grid tiles use them; a bad one stores nothing", async () => {
    const created = await postSection([
      ["title", "Focal grid"],
      ["resources", image("f1.png")],
      ["resourceFocals", "0,0.25"],
      ["resources", image("f2.png")],
    ]);
    expect(created.status).toBe(201);
    expect(created.body.data.images.map(({ focalX, focalY }) => [focalX, focalY])).toEqual([
      [0, 0.25],
      [0.5, 0.5],
    ]);
    expect(await pageHtml()).toContain("object-position:0% 25%");

    const sections = await listSections();
    const uploads = site.uploads();
    for (const focal of ["2,0", "0.5"]) {
      expect(
        await postSection([
          ["title", "Refused"],
          ["resources", image("f3.png")],
          ["resourceFocals", focal],
        ]),
      ).toMatchObject({ status: 400 });
    }
    expect(await listSections()).toEqual(sections);
    expect(site.uploads()).toEqual(uploads);
  });

  it("existingImages edits the stored images' order, alt text and focal point; a bad list changes nothing", async () => {
    const created = await postSection([
      ["title", "Reorder"],
      ["resources", image("r1.png")],
      ["resourceAlts", "One"],
      ["resources", image("r2.png")],
      ["resourceAlts", "Two"],
      ["resources", image("r3.png")],
      ["resourceAlts", "Three"],
    ]);
    const id = created.body.data._id;
    const [one, two, three] = created.body.data.images.map((image) => image.url) as [
      string,
      string,
      string,
    ];
    const edited = await putSection(id, [
      [
        "existingImages",
        JSON.stringify([
          { url: three, alt: "Third, now first", focalX: 0.1, focalY: 0.9 },
          { url: one, alt: "One", focalX: 0.5, focalY: 0.5 },
        ]),
      ],
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.data.images).toMatchObject([
      { url: three, alt: "Third, now first", focalX: 0.1, focalY: 0.9 },
      { url: one, alt: "One", focalX: 0.5, focalY: 0.5 },
    ]);
    expect(edited.body.data.resources).toBe(`${three},${one}`);
    // The image left out is removed, its file too.
    expect(site.uploads()).not.toContain(two.slice("/media/".length));

    const before = await readSection(id);
    const uploads = site.uploads();
    const refusals: [string, string][] = [
      ["[{", "Invalid existingImages: send a JSON list of { url, alt, focalX, focalY }"],
      [
        JSON.stringify([{ url: "/media/elsewhere.png", alt: "", focalX: 0.5, focalY: 0.5 }]),
        "Unknown image in existingImages: /media/elsewhere.png",
      ],
      [
        JSON.stringify([{ url: one, alt: "", focalX: 1.5, focalY: 0.5 }]),
        'Invalid focal point: send "x,y" with each value from 0 to 1, e.g. "0.5,0.5"',
      ],
      [
        JSON.stringify([
          { url: one, alt: "", focalX: 0.5, focalY: 0.5 },
          { url: one, alt: "", focalX: 0.5, focalY: 0.5 },
        ]),
        `Duplicate image in existingImages: ${one}`,
      ],
    ];
    for (const [value, message] of refusals) {
      expect(
        await putSection(id, [
          ["existingImages", value],
          ["resources", image("r4.png")],
        ]),
      ).toMatchObject({ status: 400, body: { success: false, message } });
    }
    expect(await readSection(id)).toEqual(before);
    expect(site.uploads()).toEqual(uploads);
  });
});
