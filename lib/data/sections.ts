import "server-only";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import {
  projects,
  sections,
  type SectionImage,
  type SectionRow,
  type VideoMeta,
  type VideoRendition,
} from "@/models";
import type { SectionLayout, VideoPlayback, VideoStatus } from "@/lib/domain";
import { isId, newId } from "./ids";
import { lockLiveProject, updateLocked } from "./row-locks";
import { projectNotTrashed, sectionNotTrashed } from "./not-trashed";
import { checkVersion, NotLive } from "./versions";

export type Section = SectionRow;

export type SectionInput = {
  title: string;
  description: string;
  images: SectionImage[];
  videoUrl: string | null;
  videoKey: string | null;
  videoEmbed: string | null;
  /** Image layout; the column's default (grid) when left out. */
  layout?: SectionLayout;
  /** Optional so seeders and imports made before playback existed need not name them (null = player). */
  videoPlayback?: VideoPlayback | null;
  posterUrl?: string | null;
  posterKey?: string | null;
  /** The poster's blur-up placeholder. */
  posterPlaceholder?: string | null;
  /** Encoding (lib/data/video-jobs.ts); left out = a video as uploaded. */
  videoStatus?: VideoStatus | null;
  videoError?: string | null;
  videoRenditions?: VideoRendition[];
  videoMeta?: VideoMeta | null;
  /** Poster and trim (docs/media.md "Poster and trim"); left out = the owner's poster, no trim. */
  posterFromVideo?: boolean;
  posterTime?: number | null;
  trimStart?: number | null;
  trimEnd?: number | null;
};

export type SectionPatch = Partial<SectionInput>;

export async function listSections(projectId: string): Promise<Section[]> {
  if (!isId(projectId)) return [];
  const db = await getDb();
  return db
    .select()
    .from(sections)
    .where(and(eq(sections.projectId, projectId), sectionNotTrashed))
    .orderBy(asc(sections.position), asc(sections.createdAt), asc(sections.id));
}

export async function getSection(id: string): Promise<Section | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  // A section of a trashed project is hidden with it.
  const [row] = await db
    .select(getTableColumns(sections))
    .from(sections)
    .innerJoin(projects, eq(projects.id, sections.projectId))
    .where(and(eq(sections.id, id), sectionNotTrashed, projectNotTrashed));
  return row ?? null;
}

/** Appends a section to a project; null when the project does not exist. */
export async function createSection(
  projectId: string,
  input: SectionInput,
  id = newId(),
): Promise<Section | null> {
  if (!isId(projectId)) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await lockLiveProject(tx, projectId))) return null;
    // Read inside the insert, a statement after the one that took the project's lock: under
    // READ COMMITTED the insert's snapshot is taken when it starts, after the lock was granted,
    // so it sees the positions the lock's previous holder committed.
    const position = sql<number>`(select coalesce(max(${sections.position}), -1) + 1 from ${sections} where ${sections.projectId} = ${projectId})`;
    const [row] = await tx
      .insert(sections)
      .values({ ...input, id, projectId, position })
      .returning();
    return row ?? null;
  });
}

/**
 * Deletes a section (in the trash or not) for good; returns the deleted row, or null when there was
 * none. Its media files are the caller's to remove.
 */
export async function deleteSection(id: string): Promise<Section | null> {
  if (!isId(id)) return null;
  const db = await getDb();
  const [row] = await db.delete(sections).where(eq(sections.id, id)).returning();
  return row ?? null;
}

/**
 * Updates a section with a patch computed from the row as it is inside the transaction (locked),
 * so concurrent edits of its image list cannot lose each other's changes. `compute` may throw to
 * abort without writing. Returns the row before and after, or null when there is no such section
 * (or it is in the trash). With `version` (the one the edit started from) a row changed since
 * throws StaleVersionError and nothing is written. Every update increments the version.
 */
export async function updateSectionWith(
  id: string,
  compute: (before: Section) => SectionPatch,
  version?: number,
): Promise<{ before: Section; after: Section } | null> {
  if (!isId(id)) return null;
  try {
    return await updateLocked(sections, sections.id, id, (before) => {
      const next = checkVersion(before, version);
      return { ...compute(before), version: next };
    });
  } catch (error) {
    if (error instanceof NotLive) return null;
    throw error;
  }
}
