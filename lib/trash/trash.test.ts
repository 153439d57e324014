import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { getDb } from "@/lib/db";
import { projects as projectsTable, sections as sectionsTable } from "@/models";
import {
  countProjectsByCategory,
  createProject,
  getAdjacentProjects,
  getProject,
  listProjects,
  listProjectsByCategory,
  updateProject,
} from "@/lib/data/projects";
import { createSection, getSection, listSections, updateSectionWith } from "@/lib/data/sections";
import {
  listTrash,
  restoreProject,
  restoreSection,
  trashProject,
  trashSection,
} from "@/lib/data/trash";
import { StaleVersionError } from "@/lib/data/versions";
import { uploadsDir } from "@/lib/storage/local";
import { purgeExpiredTrash } from "./purge";

/** The trash and versions (docs/spec.md §10), on PGlite or TEST_DATABASE_URL. */
const database = useTestDatabase();

beforeAll(() => {
  delete process.env.CLOUDINARY_URL;
});

const DAY = 24 * 60 * 60 * 1000;

/** A stored local media file, as an upload leaves it; returns its key. */
function mediaFile(ext = "png"): string {
  const key = `${randomBytes(16).toString("hex")}.${ext}`;
  const dir = uploadsDir(database.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, key), "x");
  return key;
}
const exists = (key: string) => fs.existsSync(path.join(uploadsDir(database.dataDir), key));

async function project(title: string, category: "Illustration" | "Photography" = "Illustration") {
  const coverKey = mediaFile();
  return createProject({
    title,
    role: "Director",
    category,
    coverUrl: `/media/${coverKey}`,
    coverKey,
    userId: "owner",
  });
}

async function section(projectId: string, title: string) {
  const imageKey = mediaFile();
  const videoKey = mediaFile("mp4");
  const row = await createSection(projectId, {
    title,
    description: "",
    images: [{ url: `/media/${imageKey}`, key: imageKey, width: 1, height: 1, alt: "" }],
    videoUrl: `/media/${videoKey}`,
    videoKey,
    videoEmbed: null,
  });
  return { row: row!, keys: [imageKey, videoKey] };
}

async function setDeletedAt(table: "projects" | "sections", id: string, at: Date) {
  const db = await getDb();
  const t = table === "projects" ? projectsTable : sectionsTable;
  const { eq } = await import("drizzle-orm");
  await db.update(t).set({ deletedAt: at }).where(eq(t.id, id));
}

describe(`trash on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("hides a trashed project from lists, counts, Previous/Next and reads, and restores it to its place", async () => {
    const a = await project("A");
    const b = await project("B", "Photography");
    const c = await project("C");
    const { row: s } = await section(b.id, "B's section");

    expect((await trashProject(b.id))?.deletedAt).toBeInstanceOf(Date);
    expect((await listProjects()).map((p) => p.title)).toEqual(["A", "C"]);
    expect(await listProjectsByCategory("Photography")).toEqual([]);
    expect(await countProjectsByCategory()).toEqual([{ _id: "Illustration", count: 2 }]);
    expect(await getProject(b.id)).toBeNull();
    expect((await getAdjacentProjects(a.id)).next?.id).toBe(c.id);
    // Its sections are hidden with it, and kept.
    expect(await getSection(s.id)).toBeNull();
    expect(await updateProject(b.id, { title: "edited in the trash" })).toBeNull();
    expect(await createSection(b.id, { ...s, title: "new" })).toBeNull();
    expect((await listTrash()).projects.map((p) => p.id)).toEqual([b.id]);
    // Trashing twice finds nothing to trash.
    expect(await trashProject(b.id)).toBeNull();

    const restored = await restoreProject(b.id);
    // Trash and restore each bump the version (§10): an edit loaded before them is stale.
    expect(restored).toMatchObject({
      id: b.id,
      title: "B",
      position: b.position,
      deletedAt: null,
      version: b.version + 2,
    });
    await expect(updateProject(b.id, { title: "stale" }, b.version)).rejects.toBeInstanceOf(
      StaleVersionError,
    );
    expect((await listProjects()).map((p) => p.title)).toEqual(["A", "B", "C"]);
    expect((await getSection(s.id))?.title).toBe("B's section");
    expect(await restoreProject(b.id)).toBeNull();
    expect((await listTrash()).projects).toEqual([]);
  });

  it("trashes and restores a section in its place; a section of a trashed project cannot be restored alone", async () => {
    const p = await project("With sections");
    const { row: s1 } = await section(p.id, "one");
    const { row: s2 } = await section(p.id, "two");
    const { row: s3 } = await section(p.id, "three");
    await trashSection(s2.id);
    expect((await listSections(p.id)).map((s) => s.title)).toEqual(["one", "three"]);
    expect(await getSection(s2.id)).toBeNull();
    expect(await updateSectionWith(s2.id, () => ({ title: "x" }))).toBeNull();
    const trash = await listTrash();
    expect(trash.sections.map((s) => [s.id, s.projectTitle])).toEqual([[s2.id, "With sections"]]);

    await trashProject(p.id);
    // While the project is in the trash its sections are not listed or restorable on their own.
    expect((await listTrash()).sections).toEqual([]);
    expect(await restoreSection(s2.id)).toBeNull();
    await restoreProject(p.id);
    expect(await restoreSection(s2.id)).toMatchObject({ id: s2.id, version: s2.version + 2 });
    expect((await listSections(p.id)).map((s) => s.id)).toEqual([s1.id, s2.id, s3.id]);
    expect(await restoreSection(s2.id)).toBeNull();
  });

  it("purges what was trashed over 30 days ago with its media, and nothing else", async () => {
    const now = new Date("2030-06-01T12:00:00Z");
    const old = await project("Old");
    const { keys: oldSectionKeys } = await section(old.id, "old's");
    const recent = await project("Recent");
    const { keys: recentKeys } = await section(recent.id, "recent's");
    const live = await project("Live");
    const { row: oldSection, keys: oldSectionOnlyKeys } = await section(live.id, "old section");
    const { row: keptSection, keys: keptKeys } = await section(live.id, "kept");

    await setDeletedAt("projects", old.id, new Date(now.getTime() - 31 * DAY));
    await setDeletedAt("projects", recent.id, new Date(now.getTime() - 29 * DAY));
    await setDeletedAt("sections", oldSection.id, new Date(now.getTime() - 30 * DAY - 1000));

    const purged = await purgeExpiredTrash(now);
    expect(purged.projects).toEqual([old.id]);
    expect(purged.sections).toEqual([oldSection.id]);
    for (const key of [old.coverKey!, ...oldSectionKeys, ...oldSectionOnlyKeys])
      expect(exists(key), key).toBe(false);
    for (const key of [recent.coverKey!, ...recentKeys, live.coverKey!, ...keptKeys])
      expect(exists(key), key).toBe(true);

    const db = await getDb();
    const ids = (await db.select().from(projectsTable)).map((p) => p.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(await getSection(keptSection.id)).not.toBeNull();
    expect((await listTrash()).projects.map((p) => p.id)).toEqual([recent.id]);

    // A day later the recent one is due too; live rows never are, however old.
    const later = await purgeExpiredTrash(new Date(now.getTime() + 2 * DAY));
    expect(later.projects).toEqual([recent.id]);
    expect(exists(recent.coverKey!)).toBe(false);
    expect(await getProject(live.id)).not.toBeNull();
    expect((await purgeExpiredTrash(new Date("2100-01-01T00:00:00Z"))).projects).toEqual([]);
  });
});

describe("versions", () => {
  it("increments on every update and refuses an edit that started from another version", async () => {
    const p = await project("Versioned");
    expect(p.version).toBe(1);
    const first = await updateProject(p.id, { title: "v2" }, 1);
    expect(first?.after.version).toBe(2);
    // A save without a version (an old client) is accepted and still counts.
    expect((await updateProject(p.id, { title: "v3" }))?.after.version).toBe(3);
    await expect(updateProject(p.id, { title: "stale" }, 2)).rejects.toBeInstanceOf(
      StaleVersionError,
    );
    expect(await getProject(p.id)).toMatchObject({ title: "v3", version: 3 });

    const { row: s } = await section(p.id, "S");
    expect(s.version).toBe(1);
    expect((await updateSectionWith(s.id, () => ({ title: "S2" }), 1))?.after.version).toBe(2);
    await expect(updateSectionWith(s.id, () => ({ title: "stale" }), 1)).rejects.toBeInstanceOf(
      StaleVersionError,
    );
    expect(await getSection(s.id)).toMatchObject({ title: "S2", version: 2 });
  });

  it("lets exactly one of two concurrent saves from the same version through", async () => {
    const p = await project("Raced");
    const outcomes = await Promise.allSettled(
      ["left", "right"].map((title) => updateProject(p.id, { title }, 1)),
    );
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    const rejected = outcomes.filter((o) => o.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleVersionError);
    const winner = (
      fulfilled[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof updateProject>>>
    ).value!.after;
    expect(await getProject(p.id)).toMatchObject({ title: winner.title, version: 2 });
  });
});
