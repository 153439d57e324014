import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { createProject, deleteProject, getAdjacentProjects, listProjects } from "./projects";
import { createSection, listSections } from "./sections";
import { reorderProjects, reorderSections } from "./order";
import { restoreProject, trashProject, trashSection } from "./trash";

useTestDatabase();

const base = {
  coverUrl: "/media/c.png",
  coverKey: null,
  userId: "owner-1",
  role: "Director",
  category: "Motion Design" as const,
};

const ids = async () => (await listProjects()).map((project) => project.id);
const positions = async () => (await listProjects()).map((project) => project.position);

describe(`project and section order on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("puts projects in the given order, renumbered 0…n-1; Previous/Next follow it", async () => {
    const made = [];
    for (const title of ["A", "B", "C", "D"]) made.push(await createProject({ ...base, title }));
    const [a, b, c, d] = made.map((project) => project.id) as [string, string, string, string];
    await deleteProject(b);
    expect(await ids()).toEqual([a, c, d]);

    expect(await reorderProjects([d, a, c])).toEqual({ ok: true });
    expect(await ids()).toEqual([d, a, c]);
    expect(await positions()).toEqual([0, 1, 2]);
    expect((await getAdjacentProjects(a)).previous?.id).toBe(d);
    expect((await getAdjacentProjects(a)).next?.id).toBe(c);

    // New work is appended to the list, so the gallery (the list reversed) shows it first.
    const e = (await createProject({ ...base, title: "E" })).id;
    expect(await ids()).toEqual([d, a, c, e]);
  });

  it("refuses a list that is not exactly the current set and changes nothing", async () => {
    const before = await ids();
    const [first, ...rest] = before as [string, ...string[]];
    const foreign = "0123456789abcdef01234567";
    for (const list of [rest, [...rest, foreign], [...before, foreign], [first, first, ...rest]]) {
      const result = await reorderProjects(list);
      expect(result.ok).toBe(false);
      expect(await ids()).toEqual(before);
    }
    expect(await reorderProjects([...rest, foreign])).toEqual({
      ok: false,
      problem: "mismatch",
      message: `No such project: ${foreign}`,
    });
    expect(await reorderProjects(rest)).toEqual({
      ok: false,
      problem: "mismatch",
      message: `The order leaves out project ${first}: list every project once`,
    });
  });

  it("leaves a consistent order after concurrent reorders (no duplicates, no gaps)", async () => {
    const current = await ids();
    const orders = Array.from({ length: 12 }, (_, n) =>
      n % 2
        ? current.toReversed()
        : [...current.slice(n % current.length), ...current.slice(0, n % current.length)],
    );
    const results = await Promise.all([
      ...orders.map((order) => reorderProjects(order)),
      createProject({ ...base, title: "Concurrent" }),
    ]);
    const after = await listProjects();
    const positionsAfter = after.map((project) => project.position);
    expect(new Set(positionsAfter).size).toBe(after.length);
    expect(after).toHaveLength(current.length + 1);
    // Each reorder either applied its whole list or (once the new project existed) was refused.
    for (const result of results.slice(0, orders.length)) {
      expect(result).toMatchObject(expect.objectContaining({ ok: expect.any(Boolean) }));
    }
    const applied = after.map((project) => project.id).filter((id) => current.includes(id));
    expect(orders.map((order) => order.join())).toContain(applied.join());
  });

  it("orders one project's sections; a foreign section or unknown project is refused", async () => {
    const [p, q] = (await listProjects()).map((project) => project.id) as [string, string];
    const input = { description: "", images: [], videoUrl: null, videoKey: null, videoEmbed: null };
    const s = [];
    for (const title of ["one", "two", "three"])
      s.push((await createSection(p, { ...input, title }))!.id);
    const other = (await createSection(q, { ...input, title: "other" }))!.id;
    const [s1, s2, s3] = s as [string, string, string];

    const results = await Promise.all([
      reorderSections(p, [s3, s1, s2]),
      reorderSections(p, [s2, s3, s1]),
      reorderSections(p, [s3, s2, s1]),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const positionsAfter = (await listSections(p)).map((section) => section.position).sort();
    expect(positionsAfter).toEqual([0, 1, 2]);

    expect(await reorderSections(p, [s1, s2, s3])).toEqual({ ok: true });
    expect((await listSections(p)).map((section) => section.id)).toEqual([s1, s2, s3]);
    expect(await reorderSections(p, [s1, s2, other])).toMatchObject({
      ok: false,
      problem: "mismatch",
    });
    expect(await reorderSections(p, [s2, s1])).toMatchObject({ ok: false, problem: "mismatch" });
    expect((await listSections(p)).map((section) => section.id)).toEqual([s1, s2, s3]);
    expect((await listSections(q)).map((section) => section.id)).toEqual([other]);
    expect(await reorderSections("0123456789abcdef01234567", [])).toEqual({
      ok: false,
      problem: "not_found",
    });
  });

  it("appends sections added at the same time one after another, each at a position of its own", async () => {
    const project = (await createProject({ ...base, title: "Added together" })).id;
    const input = { description: "", images: [], videoUrl: null, videoKey: null, videoEmbed: null };
    const first = (await createSection(project, { ...input, title: "first" }))!;
    expect(first.position).toBe(0);
    // On PostgreSQL these run on connections of their own, each waiting for the project's lock.
    const titles = ["a", "b", "c", "d", "e", "f"];
    const made = await Promise.all(
      titles.map((title) => createSection(project, { ...input, title })),
    );
    expect(made.map((section) => section!.position).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    const listed = await listSections(project);
    expect(listed.map((section) => section.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(listed[0]!.id).toBe(first.id);
    // A section moved to the trash keeps its place: the next one comes after it, not into it.
    await trashSection(listed.at(-1)!.id);
    expect((await createSection(project, { ...input, title: "after" }))!.position).toBe(7);
  });

  it("leaves what is in the trash out of the list; a restored project comes back to its place", async () => {
    const before = await ids();
    const [first, second, ...rest] = before as [string, string, ...string[]];
    await trashProject(second);
    // The owner's list (the dashboard) holds every project but the trashed one.
    expect(await reorderProjects([second, first, ...rest])).toMatchObject({ ok: false });
    expect(await reorderProjects([...rest, first])).toEqual({ ok: true });
    expect(await ids()).toEqual([...rest, first]);
    await restoreProject(second);
    expect(await ids()).toContain(second);
    expect(await reorderProjects([second, ...rest, first])).toEqual({ ok: true });

    const project = (await createProject({ ...base, title: "With sections" })).id;
    const input = { description: "", images: [], videoUrl: null, videoKey: null, videoEmbed: null };
    const made = [];
    for (const title of ["S1", "S2", "S3"])
      made.push((await createSection(project, { ...input, title }))!.id);
    const [s1, s2, s3] = made as [string, string, string];
    await trashSection(s2);
    expect(await reorderSections(project, [s3, s1])).toEqual({ ok: true });
    expect((await listSections(project)).map((section) => section.id)).toEqual([s3, s1]);
  });
});
