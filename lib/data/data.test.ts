import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/test/database";
import { closeDb, getDb } from "@/lib/db";
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
import { createSection, deleteSection, getSection, listSections, updateSection } from "./sections";
import { toProjectJson, toSectionJson } from "./serialize";
import { isId } from "./ids";

let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ cleanup } = await useFreshDatabase());
});

afterAll(async () => {
  await closeDb();
  await cleanup();
});

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
      expect(await updateSection(id, { title: "x" })).toBeNull();
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

    const updated = await updateSection(s2!.id, {
      videoEmbed: null,
      videoUrl: "/media/v.mp4",
      videoKey: "v.mp4",
    });
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
    expect(toProjectJson(project!)).toMatchObject({
      _id: project!.id,
      title: project!.title,
      cover: project!.coverUrl,
      role: project!.role,
      category: project!.category,
      userId: "owner-1",
    });
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
});
