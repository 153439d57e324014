import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { siteSettings } from "@/models";
import {
  defaultSiteSettings,
  siteSettingsSchema,
  type SiteSettings,
} from "@/lib/validation/site-settings";

const KEY = "site";

/** The site settings, falling back to the defaults for anything unset or no longer valid. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const db = await getDb();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const merged = { ...defaultSiteSettings, ...row?.value };
  const parsed = siteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultSiteSettings;
}

/** Saves the settings; returns the settings before and after (the caller cleans up a replaced portrait). */
export async function updateSiteSettings(
  next: SiteSettings,
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const after = siteSettingsSchema.parse(next);
  const before = await getSiteSettings();
  const db = await getDb();
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: after })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: after, updatedAt: sql`now()` } });
  return { before, after };
}
