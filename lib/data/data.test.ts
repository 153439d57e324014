import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { getDb } from "@/lib/db";
import { projects as projectsTable, sections as sectionsTable } from "@/models";
import {
  countProjectsByCategory,
  createProject,
  deleteProject,
  getAdjacentProjects,
  getProject,
  listProjects,
  listProjectsByCategory,
  updateProject,
} from "./projects";
import {
  createSection,
  deleteSection,
  getSection,
  listSections,
  updateSectionWith,
} from "./sections";
import { toProjectJson, toSectionJson } from "./serialize";
import { isId } from "./ids";
import { importMongoExport, parseMongoExport } from "./import-mongo";

useTestDatabase();

const base = { coverUrl: "/media/c.png", coverKey: "c.png", userId: "owner-1" };

describe(`data layer on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("creates projects with ObjectId-shaped ids and lists them in creation order", async () => {
    const a = await createProject({
      ...base,
      title: "Alpha",
      role: "Director",
      category: "Motion Design",
    });
    const b = await createProject({
      ...base,
      title: "Beta",
      role: "Illustrator",
      category: "Illustration",
    });
    const c = await createProject({
      ...base,
      title: "Gamma",
      role: "Animator",
      category: "Motion Design",
    });
    expect(isId(a.id)).toBe(true);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect((await listProjects()).map((p) => p.title)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(await getProject(b.id)).toMatchObject({
      title: "Beta",
      role: "Illustrator",
      userId: "owner-1",
    });
  });

  it("filters by category, with 'all' listing everything", async () => {
    expect((await listProjectsByCategory("Motion Design")).map((p) => p.title)).toEqual([
      "Alpha",
      "Gamma",
    ]);
    expect(await listProjectsByCategory("Photography")).toEqual([]);
    expect(await listProjectsByCategory("all")).toHaveLength(3);
  });

  it("counts projects per category in the {_id, count} shape", async () => {
    expect(await countProjectsByCategory()).toEqual([
      { _id: "Illustration", count: 1 },
      { _id: "Motion Design", count: 2 },
    ]);
  });

  it("gives previous and next projects in list order", async () => {
    const [a, b, c] = await listProjects();
    expect(await getAdjacentProjects(a!.id)).toEqual({ previous: null, next: b });
    expect(await getAdjacentProjects(b!.id)).toEqual({ previous: a, next: c });
    expect(await getAdjacentProjects(c!.id)).toEqual({ previous: b, next: null });
    expect(await getAdjacentProjects("0123456789abcdef01234567")).toEqual({
      previous: null,
      next: null,
    });
  });

  it("updates a project and returns the row before and after", async () => {
    const [a] = await listProjects();
    const result = await updateProject(a!.id, {
      title: "Alpha 2",
      coverUrl: "/media/d.png",
      coverKey: "d.png",
    });
    expect(result?.before.title).toBe("Alpha");
    expect(result?.before.coverKey).toBe("c.png");
    expect(result?.after).toMatchObject({ title: "Alpha 2", coverKey: "d.png", role: "Director" });
    expect(result!.after.updatedAt.getTime()).toBeGreaterThanOrEqual(
      result!.before.updatedAt.getTime(),
    );
    expect((await listProjects())[0]?.title).toBe("Alpha 2");
  });

  it("returns null for unknown and malformed ids instead of failing", async () => {
    for (const id of ["0123456789abcdef01234567", "nope", "", "'; drop table projects; --"]) {
      expect(await getProject(id)).toBeNull();
      expect(await updateProject(id, { title: "x" })).toBeNull();
      expect(await deleteProject(id)).toBeNull();
      expect(await getSection(id)).toBeNull();
      expect(await updateSectionWith(id, () => ({ title: "x" }))).toBeNull();
      expect(await deleteSection(id)).toBeNull();
      expect(
        await createSection(id, {
          title: "t",
          description: "",
          images: [],
          videoUrl: null,
          videoKey: null,
          videoEmbed: null,
        }),
      ).toBeNull();
      expect(await listSections(id)).toEqual([]);
    }
  });

  it("rejects a category outside the five values at the database", async () => {
    await expect(
      createProject({ ...base, title: "Bad", role: "r", category: "Sculpture" as never }),
    ).rejects.toThrow();
    expect(await listProjects()).toHaveLength(3);
  });

  it("creates, orders, updates and deletes sections", async () => {
    const [project] = await listProjects();
    const image = {
      url: "/media/i1.png",
      key: "i1.png",
      width: 800,
      height: 600,
      alt: "Frame one",
    };
    const s1 = await createSection(project!.id, {
      title: "Intro",
      description: "Text",
      images: [image],
      videoUrl: null,
      videoKey: null,
      videoEmbed: null,
    });
    const s2 = await createSection(project!.id, {
      title: "Film",
      description: "",
      images: [],
      videoUrl: null,
      videoKey: null,
      videoEmbed: "https://player.vimeo.com/video/123456789",
    });
    expect(s1 && s2).toBeTruthy();
    expect((await listSections(project!.id)).map((s) => s.title)).toEqual(["Intro", "Film"]);
    expect((await getSection(s1!.id))?.images).toEqual([image]);

    const updated = await updateSectionWith(s2!.id, () => ({
      videoEmbed: null,
      videoUrl: "/media/v.mp4",
      videoKey: "v.mp4",
    }));
    expect(updated?.before.videoEmbed).toBe("https://player.vimeo.com/video/123456789");
    expect(updated?.after).toMatchObject({
      videoEmbed: null,
      videoUrl: "/media/v.mp4",
      title: "Film",
    });

    expect((await deleteSection(s1!.id))?.title).toBe("Intro");
    expect(await getSection(s1!.id)).toBeNull();
    expect((await listSections(project!.id)).map((s) => s.title)).toEqual(["Film"]);
  });

  it("deletes a project with its sections in one go and reports what was removed", async () => {
    const [project] = await listProjects();
    await createSection(project!.id, {
      title: "Second",
      description: "",
      images: [],
      videoUrl: null,
      videoKey: null,
      videoEmbed: null,
    });
    const removed = await deleteProject(project!.id);
    expect(removed?.project.id).toBe(project!.id);
    expect(removed?.sections.map((s) => s.title).sort()).toEqual(["Film", "Second"]);
    const db = await getDb();
    expect(await db.select().from(sectionsTable)).toEqual([]);
    expect(await getProject(project!.id)).toBeNull();
    expect(await db.select().from(projectsTable)).toHaveLength(2);
  });

  it("serializes to the REST contract's shapes", async () => {
    const [project] = await listProjects();
    const section = await createSection(project!.id, {
      title: "S",
      description: "D",
      videoUrl: null,
      videoKey: null,
      videoEmbed: null,
      images: [
        { url: "/media/a.png", key: "a.png", width: 10, height: 20, alt: "A" },
        { url: "/media/b.png", key: "b.png", width: 30, height: 40, alt: "B" },
      ],
    });
    expect(toProjectJson(project!, { owner: true })).toMatchObject({
      _id: project!.id,
      title: project!.title,
      cover: project!.coverUrl,
      role: project!.role,
      category: project!.category,
      userId: "owner-1",
    });
    expect(toProjectJson(project!, { owner: false }).userId).toBeNull();
    expect(toSectionJson(section!)).toMatchObject({
      _id: section!.id,
      title: "S",
      description: "D",
      resources: "/media/a.png,/media/b.png",
      video: "",
      videoEmbed: "",
      project: project!.id,
    });
  });
});

describe("site settings", () => {
  it("falls back to the defaults, then returns what was saved", async () => {
    const { getSiteSettings, updateSiteSettings } = await import("./settings");
    const { defaultSiteSettings } = await import("@/lib/validation/site-settings");
    expect(await getSiteSettings()).toEqual(defaultSiteSettings);
    const next = {
      ...defaultSiteSettings,
      ownerName: "Sara Motion",
      contactEmail: "hi@example.com",
    };
    const { before, after } = await updateSiteSettings(next);
    expect(before).toEqual(defaultSiteSettings);
    expect(after).toEqual(next);
    expect(await getSiteSettings()).toEqual(next);
    await expect(updateSiteSettings({ ...next, contactEmail: "not-an-email" })).rejects.toThrow();
    expect(await getSiteSettings()).toEqual(next);
  });

  it("reads the settings a save replaces under the row's lock: concurrent saves lose no portrait", async () => {
    const { getSiteSettings, updateSiteSettings, updateSiteSettingsWith } =
      await import("./settings");
    const start = await getSiteSettings();
    await updateSiteSettings({ ...start, portraitUrl: "/media/a.png", portraitKey: "a.png" });
    const portrait = (key: string) => () =>
      updateSiteSettingsWith((current) => ({
        ...current,
        portraitUrl: `/media/${key}`,
        portraitKey: key,
      }));
    const saves = await Promise.all(["b.png", "c.png", "d.png"].map((key) => portrait(key)()));
    // Each save replaced what the one before it stored: every portrait is someone's "before"
    // (deleted by that save's caller) or the one kept, so none is left orphaned.
    const replaced = saves.map((save) => save.before.portraitKey).sort();
    const kept = (await getSiteSettings()).portraitKey;
    expect([...replaced, kept].sort()).toEqual(["a.png", "b.png", "c.png", "d.png"]);
    await expect(
      updateSiteSettingsWith(() => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await getSiteSettings()).portraitKey).toBe(kept);
  });
});

const image = (n: number) => ({
  url: `/media/${n}.png`,
  key: `${n}.png`,
  width: 1,
  height: 1,
  alt: "",
});

describe("updateSectionWith", () => {
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
