import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionJson } from "@/lib/data/serialize";
import { call, multipart, startApiSite, type ApiSite, type Part } from "./helpers/api-client";
import { pngOfSize } from "./helpers/media-fixtures";

/** Issue 18 items 1 and 2: section layouts and focal points through the API and on the page. */
let site: ApiSite;
let url: string;
let projectId: string;
let png: Buffer;

beforeAll(async () => {
  site = await startApiSite();
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
