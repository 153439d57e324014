import "server-only";
import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { projects, sections } from "@/models";
import { isId } from "./ids";
import { projectNotTrashed, sectionNotTrashed } from "./not-trashed";
import type { Project } from "./projects";
import type { Section } from "./sections";

/**
 * The trash (docs/spec.md §10): a delete sets `deleted_at`, a restore clears it.
 * The row keeps its `position`, so a restored item returns to its place in the order; a trashed
 * project keeps its sections (and all their media) until it is purged. Trash and restore each bump
 * the row's `version` (docs/spec.md §10): an edit that started before either one answers 409
 * instead of saving over the item it no longer knows.
 */

/** The sections whose project is not in the trash. */
const inLiveProject = sql`exists (select 1 from ${projects} where ${projects.id} = ${sections.projectId} and ${projects.deletedAt} is null)`;

/**
 * Sets (trash) or clears (restore) one row's `deleted_at` where `state` holds, bumping its
 * version; null when no row with that id is in that state.
 */
async function setDeletedAt<T extends typeof projects | typeof sections>(
  table: T,
  id: string,
  deletedAt: Date | null,
  state: SQL | undefined,
): Promise<T["$inferSelect"] | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = (await db
    .update(table)
    .set({ deletedAt, version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.id, id), state))
    .returning()) as T["$inferSelect"][];
  return row ?? null;
}

/** Moves a live project to the trash; null when there is no live project with that id. */
export function trashProject(id: string, now = new Date()): Promise<Project | null> {
  return setDeletedAt(projects, id, now, projectNotTrashed);
}

/** Moves a live section of a live project to the trash; null when there is none. */
export function trashSection(id: string, now = new Date()): Promise<Section | null> {
  return setDeletedAt(sections, id, now, and(sectionNotTrashed, inLiveProject));
}

/** Takes a project out of the trash; null when it is not in the trash. */
export function restoreProject(id: string): Promise<Project | null> {
  return setDeletedAt(projects, id, null, isNotNull(projects.deletedAt));
}

/**
 * Takes a section out of the trash; null when it is not in the trash or its project is (restore
 * the project first: the Trash lists only sections of live projects).
 */
export function restoreSection(id: string): Promise<Section | null> {
  return setDeletedAt(sections, id, null, and(isNotNull(sections.deletedAt), inLiveProject));
}

export type TrashedSection = Section & { projectTitle: string };

/** What the owner's Trash lists, most recently trashed first. */
export async function listTrash(): Promise<{ projects: Project[]; sections: TrashedSection[] }> {
  const db = await getDb();
  const [trashedProjects, trashedSections] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(isNotNull(projects.deletedAt))
      .orderBy(desc(projects.deletedAt), desc(projects.id)),
    db
      .select({ section: sections, projectTitle: projects.title })
      .from(sections)
      .innerJoin(projects, eq(projects.id, sections.projectId))
      .where(and(isNotNull(sections.deletedAt), projectNotTrashed))
      .orderBy(desc(sections.deletedAt), desc(sections.id)),
  ]);
  return {
    projects: trashedProjects,
    sections: trashedSections.map(({ section, projectTitle }) => ({ ...section, projectTitle })),
  };
}

/** Storage keys of the files a project itself references: its cover and its cover loop's. */
export function projectMediaKeys(project: Project): (string | null)[] {
  return [
    project.coverKey,
    project.coverVideoKey,
    ...project.coverVideoRenditions.map((rendition) => rendition.key),
  ];
}

/** Storage keys of every file a section references: video, poster and images. */
export function sectionMediaKeys(section: Section): (string | null)[] {
  return [
    section.videoKey,
    section.posterKey,
    ...section.images.map((image) => image.key),
    ...section.videoRenditions.map((rendition) => rendition.key),
  ];
}

/**
 * Deletes, for good and in one transaction, the projects (with all their sections) and the
 * sections that were trashed before `cutoff`; rows that are not in the trash are never touched.
 * Returns the storage keys of their media, for the caller to remove after the commit.
 */
export async function purgeTrashedBefore(
  cutoff: Date,
): Promise<{ projects: string[]; sections: string[]; mediaKeys: string[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locked first: a restore running at the same time either commits before (the row no longer
    // matches and is kept) or waits for this purge; media are listed only from locked rows.
    const expiredProjects = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(isNotNull(projects.deletedAt), lt(projects.deletedAt, cutoff)))
      .for("update");
    const expiredSections = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(isNotNull(sections.deletedAt), lt(sections.deletedAt, cutoff)))
      .for("update");
    const projectIds = expiredProjects.map((row) => row.id);
    const sectionIds = expiredSections.map((row) => row.id);
    // Their sections go with them (on delete cascade): read first for their media.
    const ownedSections = projectIds.length
      ? await tx.select().from(sections).where(inArray(sections.projectId, projectIds))
      : [];
    const goneProjects = projectIds.length
      ? await tx.delete(projects).where(inArray(projects.id, projectIds)).returning()
      : [];
    const goneSections = sectionIds.length
      ? await tx.delete(sections).where(inArray(sections.id, sectionIds)).returning()
      : [];
    const keys = [
      ...goneProjects.flatMap(projectMediaKeys),
      ...ownedSections.flatMap(sectionMediaKeys),
      ...goneSections.flatMap(sectionMediaKeys),
    ].filter((key): key is string => Boolean(key));
    return {
      projects: goneProjects.map((project) => project.id),
      sections: goneSections.map((section) => section.id),
      mediaKeys: [...new Set(keys)],
    };
  });
}

/** Whether any project or section, in the trash or not, has this id (imports must not reuse one). */
export async function isIdTaken(table: "projects" | "sections", id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const db = await getDb();
  const target = table === "projects" ? projects : sections;
  const rows = await db.select({ id: target.id }).from(target).where(eq(target.id, id));
  return rows.length > 0;
}
