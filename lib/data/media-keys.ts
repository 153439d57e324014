import "server-only";
import { eq, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { projects, sections, siteSettings } from "@/models";

/**
 * Whether a stored media key is already referenced by a project (cover), a section (image,
 * video, poster), trashed ones included, or the settings (the Reel's video). A direct-upload reference may be saved once only: two
 * rows sharing a file would lose it when either is deleted.
 */
export async function mediaKeyInUse(key: string): Promise<boolean> {
  const db = await getDb();
  const covers = db.select({ id: projects.id }).from(projects).where(eq(projects.coverKey, key));
  const media = db
    .select({ id: sections.id })
    .from(sections)
    .where(
      or(
        eq(sections.videoKey, key),
        eq(sections.posterKey, key),
        sql`${sections.images} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    );
  // The Reel's video, the one settings file a direct upload may name.
  const reel = db
    .select({ id: siteSettings.key })
    .from(siteSettings)
    .where(sql`${siteSettings.value} @> ${JSON.stringify({ showreelVideoKey: key })}::jsonb`);
  const rows = await covers.unionAll(media).unionAll(reel).limit(1);
  return rows.length > 0;
}
