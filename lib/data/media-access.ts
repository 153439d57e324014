import "server-only";
import { and, eq, getTableName, inArray, isNotNull, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { projects, sections } from "@/models";
import type { Project } from "./projects";
import { offSchedule } from "./visibility";

/** A project whose cover or section media (a video's renditions too) is stored under a key, and whether that file is trashed. */
export type MediaHolder = {
  project: Project;
  /** The project is in the trash, or the section holding the file is (docs/spec.md §10). */
  trashed: boolean;
};

/**
 * The holders of a stored file that limit who may read it, in one query: trashed projects and
 * sections (docs/spec.md §10) and draft, protected or off-schedule projects (§11). [] for a file of a live
 * published or unlisted project, or of none: /media serves those to anyone. The filter on trash
 * and status comes first, so a public file costs the few restricted or trashed rows, not the site.
 */
export async function listMediaHolders(key: string): Promise<MediaHolder[]> {
  const db = await getDb();
  const image = JSON.stringify([{ key }]);
  const holds = sql`(${sections.videoKey} = ${key} or ${sections.posterKey} = ${key} or ${sections.images} @> ${image}::jsonb or ${sections.videoRenditions} @> ${image}::jsonb)`;
  // Written out with its table: Drizzle leaves column names in a one-table select's fields
  // unqualified, and a bare "id" inside the subquery would be the section's own.
  const projectId = sql`${sql.identifier(getTableName(projects))}.${sql.identifier(projects.id.name)}`;
  const rows = await db
    .select({
      project: projects,
      inTrashedSection: sql<boolean>`exists (select 1 from ${sections} where ${sections.projectId} = ${projectId} and ${sections.deletedAt} is not null and ${holds})`,
    })
    .from(projects)
    .where(
      and(
        or(
          isNotNull(projects.deletedAt),
          inArray(projects.status, ["draft", "protected"]),
          offSchedule(),
          sql`exists (select 1 from ${sections} where ${sections.projectId} = ${projects.id} and ${sections.deletedAt} is not null)`,
        ),
        or(
          eq(projects.coverKey, key),
          eq(projects.coverVideoKey, key),
          sql`${projects.coverVideoRenditions} @> ${image}::jsonb`,
          sql`exists (select 1 from ${sections} where ${sections.projectId} = ${projects.id} and ${holds})`,
        ),
      ),
    );
  return rows.map(({ project, inTrashedSection }) => ({
    project,
    trashed: project.deletedAt !== null || Boolean(inTrashedSection),
  }));
}
