import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/test/database";
import { closeDb } from "@/lib/db";
import { importMongoExport, parseMongoExport } from "./import-mongo";
import { createProject, listProjects } from "./projects";
import { createSection, getSection, listSections, updateSectionWith } from "./sections";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useFreshDatabase());
});
afterAll(async () => {
  await closeDb();
  await cleanup();
});

const image = (n: number) => ({
  url: `/media/${n}.png`,
  key: `${n}.png`,
  width: 1,
  height: 1,
  alt: "",
});

describe(`updateSectionWith on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("computes the patch from the locked row, and writes nothing when the computation throws", async () => {
    const project = await createProject({
      title: "P",
      role: "r",
      category: "Illustration",
      coverUrl: "/c.png",
      coverKey: null,
      userId: "u",
    });
    const section = await createSection(project.id, {
      title: "S",
      description: "",
      images: [image(1)],
      videoUrl: null,
      videoKey: null,
      videoEmbed: null,
    });
    // Two concurrent appends must both land: each sees the other's committed images.
    await Promise.all(
      [2, 3].map((n) =>
        updateSectionWith(section!.id, (before) => ({ images: [...before.images, image(n)] })),
      ),
    );
    expect((await getSection(section!.id))?.images.map((i) => i.url).sort()).toEqual([
      "/media/1.png",
      "/media/2.png",
      "/media/3.png",
    ]);
    await expect(
      updateSectionWith(section!.id, () => {
        throw new Error("too many");
      }),
    ).rejects.toThrow("too many");
    expect((await getSection(section!.id))?.images).toHaveLength(3);
    expect(await updateSectionWith("0123456789abcdef01234567", () => ({ title: "x" }))).toBeNull();
    expect(await updateSectionWith("nope", () => ({ title: "x" }))).toBeNull();
  });
});

describe("importMongoExport", () => {
  it("keeps ids, order and URLs of a mongoexport", async () => {
    const dir = path.resolve("test/fixtures/mongo");
    const report = await importMongoExport(
      parseMongoExport(fs.readFileSync(path.join(dir, "projects.json"), "utf8")),
      parseMongoExport(fs.readFileSync(path.join(dir, "sections.json"), "utf8")),
    );
    expect(report.projects).toMatchObject({ imported: 3 });
    expect(report.sections).toMatchObject({ imported: 4 });
    const imported = (await listProjects()).slice(-3);
    expect(imported.map((p) => p.id)).toEqual([
      "64b7f0c2a1b2c3d4e5f60001",
      "64b7f0c2a1b2c3d4e5f60002",
      "64b7f0c2a1b2c3d4e5f60003",
    ]);
    const [concept] = await listSections("64b7f0c2a1b2c3d4e5f60001");
    expect(concept?.images.map((i) => i.url)).toEqual([
      "https://res.cloudinary.com/demo/image/upload/a.jpg",
      "https://res.cloudinary.com/demo/image/upload/b.jpg",
    ]);
    expect(parseMongoExport("")).toEqual([]);
    expect(() => parseMongoExport('{"a":1}\nnot json')).toThrow("Line 2 is not JSON");
  });
});
