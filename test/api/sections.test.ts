import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SectionJson } from "@/lib/data/serialize";
import { call, multipart, type Part } from "../helpers/api-client";
import { useSharedSite, type SharedSite } from "../helpers/shared-site";
import { gif, htmlBytes, jpeg, MB, mp4OfSize, pngOfSize } from "../helpers/media-fixtures";

let site: SharedSite;
let url: string;
let projectId: string;
let png: Buffer;
/** The shared site's stored files before this file's project. */
let uploadsBefore: string[];

beforeAll(async () => {
  site = await useSharedSite();
  url = site.server.url;
  uploadsBefore = site.uploads();
  png = await pngOfSize(2000, 10, 10);
  const project = await call<{ _id: string }>(url, "POST", "/api/projects", {
    token: site.ownerToken,
    form: multipart([
      ["title", "Host"],
      ["role", "Director"],
      ["category", "Illustration"],
      ["cover", { bytes: png, name: "c.png" }],
    ]),
  });
  projectId = project.body.data._id;
});
afterAll(() => site?.stop());

const image = (name: string, bytes = png): Part => ({ bytes, name, type: "image/png" });
const keyOf = (mediaUrl: string) => mediaUrl.slice("/media/".length);
const postSection = (parts: [string, Part][], token = site.ownerToken, id = projectId) =>
  call<SectionJson>(url, "POST", `/api/sections/${id}`, { token, form: multipart(parts) });
const putSection = (id: string, parts: [string, Part][], token = site.ownerToken) =>
  call<SectionJson>(url, "PUT", `/api/sections/${id}`, { token, form: multipart(parts) });

describe("the upload routes", () => {
  const send = (method: string, path: string, contentType: string, token = site.strangerToken) =>
    fetch(new URL(path, url), {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      body: contentType.startsWith("multipart") ? "--b--\r\n" : "{}",
    });

  it("refuse a non-owner's multipart request as they refuse a JSON one, before reading the body", async () => {
    const routes: [string, string][] = [
      ["POST", "/api/projects"],
      ["PUT", `/api/projects/${projectId}`],
      ["POST", `/api/sections/${projectId}`],
      ["PUT", "/api/sections/0123456789abcdef01234567"],
      ["PUT", "/api/settings"],
    ];
    for (const [method, path] of routes) {
      const upload = await send(method, path, "multipart/form-data; boundary=b");
      const json = await send(method, path, "application/json");
      expect([upload.status, await upload.json()], `${method} ${path}`).toEqual([
        json.status,
        await json.json(),
      ]);
      expect(upload.status).toBe(403);
    }
  });

  it("answer other methods as the App Router does, and have no second address", async () => {
    const wrongMethod = await send(
      "POST",
      `/api/projects/${projectId}`,
      "multipart/form-data; boundary=b",
    );
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, PUT, DELETE");
    const list = await fetch(new URL(`/api/sections/${projectId}`, url), {
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(list.status).toBe(200);
    expect((await fetch(new URL(`/api/upload/sections/${projectId}`, url))).status).toBe(404);
  });
});

describe("POST /api/sections/{projectId}", () => {
  it("refuses visitors, non-owners and unknown projects, storing nothing", async () => {
    const before = site.uploads();
    const parts: [string, Part][] = [
      ["title", "t"],
      ["resources", image("a.png")],
    ];
    expect(await postSection(parts, "")).toMatchObject({
      status: 401,
      body: { success: false, message: "Auth session missing!" },
    });
    expect((await postSection(parts, site.strangerToken)).status).toBe(403);
    for (const id of ["0123456789abcdef01234567", "nope"]) {
      expect(await postSection(parts, site.ownerToken, id)).toMatchObject({
        status: 404,
        body: { message: "Project not found" },
      });
    }
    expect(site.uploads()).toEqual(before);
  });

  it("answers the spec's messages for empty forms, bad Vimeo links and bad files", async () => {
    const before = site.uploads();
    expect(
      await postSection([
        ["title", ""],
        ["description", "  "],
      ]),
    ).toMatchObject({ status: 400, body: { message: "At least one field is required" } });
    expect(await postSection([["videoEmbed", "https://youtube.com/watch?v=1"]])).toMatchObject({
      status: 400,
      body: {
        message:
          "Invalid Vimeo URL or embed code. Example: https://vimeo.com/123456789 or <iframe...>",
      },
    });
    expect(await postSection([["resources", image("page.png", htmlBytes())]])).toMatchObject({
      status: 415,
      body: { message: "Invalid file type: page.png" },
    });
    expect(
      await postSection([["resources", image("huge.png", await pngOfSize(5 * MB + 1))]]),
    ).toMatchObject({ status: 413, body: { message: "File too large: huge.png" } });
    expect(
      await postSection([["video", { bytes: await jpeg(), name: "clip.mp4", type: "video/mp4" }]]),
    ).toMatchObject({ status: 415, body: { message: "Invalid file type: clip.mp4" } });
    const six = Array.from({ length: 6 }, (_, i): [string, Part] => [
      "resources",
      image(`${i + 1}.png`),
    ]);
    expect(await postSection(six)).toMatchObject({
      status: 400,
      body: { message: "Too many images: 6.png (up to 5 per section)" },
    });
    expect(site.uploads()).toEqual(before);
    expect(site.tmpFiles()).toEqual([]);
    expect((await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`)).body.data).toEqual(
      [],
    );
  });

  it("creates a section with images (alt texts, sizes), an mp4 and text", async () => {
    const answer = await postSection([
      ["title", "Frames"],
      ["description", "Key frames"],
      ["project", projectId],
      ["resources", image("a.png")],
      ["resourceAlts", "First frame"],
      ["resources", { bytes: await gif(6, 4), name: "b.gif", type: "image/gif" }],
      ["resourceAlts", ""],
      ["video", { bytes: mp4OfSize(200_000), name: "clip.mp4", type: "video/mp4" }],
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: "Section added successfully!" });
    const section = answer.body.data;
    expect(section).toMatchObject({
      title: "Frames",
      description: "Key frames",
      project: projectId,
      videoEmbed: "",
    });
    expect(section.images.map(({ width, height, alt }) => ({ width, height, alt }))).toEqual([
      { width: 10, height: 10, alt: "First frame" },
      { width: 6, height: 4, alt: "" },
    ]);
    expect(section.resources).toBe(section.images.map((i) => i.url).join(","));
    // On the page, an image without alt text is named by where it is, unlike its neighbours.
    const page = await (await fetch(new URL(`/sections/${projectId}`, url))).text();
    expect(page).toContain('alt="First frame"');
    expect(page).toContain('alt="Host: Frames, image 2 of 2"');
    expect(section.video).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
    const ranged = await fetch(new URL(section.video, url), { headers: { Range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 0-99/200000");
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect(
      (await fetch(new URL(section.video, url), { headers: { Range: "bytes=200000-" } })).status,
    ).toBe(416);
  });

  it("stores only the normalised player URL of a Vimeo embed code", async () => {
    const answer = await postSection([
      [
        "videoEmbed",
        '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e" onload="x()"></iframe>',
      ],
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body.data.videoEmbed).toBe(
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    );
    expect(answer.body.data.video).toBe("");
  });
});

describe("GET /api/sections/{projectId} and /api/sections/edit/{id}", () => {
  it("lists a project's sections in order and reads one; 404 for unknown ids", async () => {
    const list = await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`);
    expect(list).toMatchObject({
      status: 200,
      body: { success: true, message: "Sections fetched successfully" },
    });
    expect(list.body.data.map((s) => s.title)).toEqual(["Frames", ""]);
    const one = await call<SectionJson>(url, "GET", `/api/sections/edit/${list.body.data[0]!._id}`);
    expect(one.body).toMatchObject({ success: true, data: { title: "Frames" } });
    for (const id of ["0123456789abcdef01234567", "x"]) {
      expect(await call(url, "GET", `/api/sections/edit/${id}`)).toMatchObject({
        status: 404,
        body: { success: false, message: "Section not found" },
      });
      expect(await call(url, "GET", `/api/sections/${id}`)).toMatchObject({
        status: 404,
        body: { message: "Project not found" },
      });
    }
  });
});

describe("PUT /api/sections/{id}", () => {
  let section: SectionJson;
  beforeAll(async () => {
    section = (await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`)).body.data[0]!;
  });

  it("answers 401, 403, 404 and the edit wording of the Vimeo message", async () => {
    expect((await putSection(section._id, [["title", "x"]], "")).status).toBe(401);
    expect((await putSection(section._id, [["title", "x"]], site.strangerToken)).status).toBe(403);
    expect(await putSection("0123456789abcdef01234567", [["title", "x"]])).toMatchObject({
      status: 404,
      body: { message: "Section not found" },
    });
    expect(await putSection(section._id, [["videoEmbed", "vimeo.com/abc"]])).toMatchObject({
      status: 400,
      body: { message: "Invalid Vimeo URL. Example: https://vimeo.com/123456789" },
    });
  });

  it("keeps images unless removed, appends new ones, and refuses more than 5 in all", async () => {
    const [first, second] = section.images;
    const tooMany = Array.from({ length: 4 }, (_, i): [string, Part] => [
      "resources",
      image(`n${i}.png`),
    ]);
    expect(await putSection(section._id, tooMany)).toMatchObject({
      status: 400,
      body: { message: "Too many images: n3.png (up to 5 per section)" },
    });
    const before = site.uploads();
    const answer = await putSection(section._id, [
      ["title", "Frames 2"],
      ["description", "Key frames"],
      ["removeResources", first!.url],
      ["resources", { bytes: await jpeg(32, 18), name: "c.jpg", type: "image/jpeg" }],
      ["resourceAlts", "Third"],
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: "Section updated successfully!" },
    });
    const images = answer.body.data.images;
    expect(images.map((i) => i.url)).toEqual([second!.url, images[1]!.url]);
    expect(images[1]).toMatchObject({ width: 32, height: 18, alt: "Third" });
    expect(answer.body.data.video).toBe(section.video);
    expect(site.uploads()).not.toContain(keyOf(first!.url));
    expect(site.uploads()).toHaveLength(before.length);
  });

  it("switching to an embed clears and deletes the uploaded video; a new file clears the embed", async () => {
    const toEmbed = await putSection(section._id, [["videoEmbed", "https://vimeo.com/123456789"]]);
    expect(toEmbed.body.data).toMatchObject({
      video: "",
      videoEmbed: "https://player.vimeo.com/video/123456789",
      title: "Frames 2",
    });
    expect(site.uploads()).not.toContain(keyOf(section.video));
    const toFile = await putSection(section._id, [
      ["video", { bytes: mp4OfSize(5000), name: "new.mp4", type: "video/mp4" }],
    ]);
    expect(toFile.body.data.videoEmbed).toBe("");
    expect(site.uploads()).toContain(keyOf(toFile.body.data.video));
  });
});

describe("DELETE", () => {
  it("deletes a section and its files; 401, 403, 404", async () => {
    const [section] = (await call<SectionJson[]>(url, "GET", `/api/sections/${projectId}`)).body
      .data;
    expect((await call(url, "DELETE", `/api/sections/${section!._id}`)).status).toBe(401);
    expect(
      (await call(url, "DELETE", `/api/sections/${section!._id}`, { token: site.strangerToken }))
        .status,
    ).toBe(403);
    const answer = await call(url, "DELETE", `/api/sections/${section!._id}`, {
      token: site.ownerToken,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: "Section deleted successfully" },
    });
    // In the trash (docs/spec.md §10): gone from the list, its files kept until deleted for good.
    const files = [section!.video, ...section!.images.map((i) => i.url)].filter(Boolean);
    for (const media of files) expect(site.uploads()).toContain(keyOf(media));
    expect(
      await call(url, "DELETE", `/api/sections/${section!._id}`, { token: site.ownerToken }),
    ).toMatchObject({ status: 404, body: { message: "Section not found" } });
    expect(
      (
        await call(url, "DELETE", `/api/sections/${section!._id}?permanent=true`, {
          token: site.ownerToken,
        })
      ).status,
    ).toBe(200);
    for (const media of files) expect(site.uploads()).not.toContain(keyOf(media));
  });

  it("deleting a project for good leaves no files of it or its sections", async () => {
    await postSection([
      ["resources", image("z.png")],
      ["video", { bytes: mp4OfSize(3000), name: "z.mp4", type: "video/mp4" }],
    ]);
    expect(site.uploads().length).toBeGreaterThan(uploadsBefore.length + 1);
    expect(
      (
        await call(url, "DELETE", `/api/projects/${projectId}?permanent=true`, {
          token: site.ownerToken,
        })
      ).status,
    ).toBe(200);
    expect(site.uploads()).toEqual(uploadsBefore);
    expect(await call(url, "GET", `/api/sections/${projectId}`)).toMatchObject({ status: 404 });
  });
});
