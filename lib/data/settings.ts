import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { lockRow } from "@/lib/db/rows";
import { siteSettings } from "@/models";
import {
  defaultSiteSettings,
  siteSettingsSchema,
  type SiteSettings,
} from "@/lib/validation/site-settings";
import { updateLocked } from "./row-locks";

/** The key of the one settings row; the showreel's encoding job names it (models/video-jobs.ts). */
export const SETTINGS_KEY = "site";
const KEY = SETTINGS_KEY;

/** Stored settings, falling back to the defaults for anything unset or no longer valid. */
function fromStored(value: Record<string, unknown> | undefined): SiteSettings {
  const parsed = siteSettingsSchema.safeParse({ ...defaultSiteSettings, ...value });
  return parsed.success ? parsed.data : defaultSiteSettings;
}

/** The site settings, falling back to the defaults for anything unset or no longer valid. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const db = await getDb();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  return fromStored(row?.value);
}

/**
 * Saves the settings `compute` makes of the current ones, read under a row lock: two concurrent
 * saves each see the other's result, so a portrait one of them replaced is always its "before"
 * (the caller deletes it) and never an orphan file. `compute`'s result is validated; an invalid
 * one throws and nothing is written. Returns the settings before and after.
 */
export async function updateSiteSettingsWith(
  compute: (before: SiteSettings) => SiteSettings,
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  const result = await updateLocked(
    siteSettings,
    siteSettings.key,
    KEY,
    (row) => ({ value: siteSettingsSchema.parse(compute(fromStored(row.value))) }),
    // A new site has no row until its first save; the lock needs one.
    { key: KEY, value: defaultSiteSettings },
  );
  if (!result) throw new Error("The settings row could not be created");
  return { before: fromStored(result.before.value), after: fromStored(result.after.value) };
}

/** Saves the settings as given (seeding, restores, tests). */
export function updateSiteSettings(
  next: SiteSettings,
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  return updateSiteSettingsWith(() => next);
}

/**
 * The settings within transaction `tx`, their row locked until it ends (a save waits for it);
 * null while no save has made the row.
 */
export async function lockSettings(tx: Tx): Promise<SiteSettings | null> {
  const row = await lockRow(tx, siteSettings, siteSettings.key, KEY);
  return row ? fromStored(row.value) : null;
}

/**
 * Within the encoding queue's transaction `tx`: applies `compute` to the settings, locked, while
 * they still hold the uploaded showreel `videoKey`; null, nothing written, when they hold another
 * (replaced or removed meanwhile: that save wins).
 */
export async function updateReelVideoIn(
  tx: Tx,
  videoKey: string,
  compute: (before: SiteSettings) => Partial<SiteSettings>,
): Promise<{ before: SiteSettings; after: SiteSettings } | null> {
  const before = await lockSettings(tx);
  if (!before || before.showreelVideoKey !== videoKey) return null;
  const after = siteSettingsSchema.parse({ ...before, ...compute(before) });
  await tx
    .update(siteSettings)
    .set({ value: after, updatedAt: sql`now()` })
    .where(eq(siteSettings.key, KEY));
  return { before, after };
}
