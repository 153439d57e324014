import "server-only";
import { invalidateSettings } from "@/lib/cache";
import { updateSiteSettingsWith } from "@/lib/data/settings";
import { deleteMediaQuietly } from "@/lib/storage";
import { parseMultipart } from "@/lib/uploads/parse";
import { coverRule } from "@/lib/validation/uploads";
import { parseSettingsFields, type SiteSettings } from "@/lib/validation/site-settings";
import { commitWithMedia, storeUploads, uploadTmpDir } from "./media";
import { ApiError } from "./respond";

/**
 * Saves a settings form (multipart text fields and an optional `portrait` file with the cover
 * rules, or `removePortrait=true`). The portrait kept or replaced is read under the settings row's
 * lock, so of two concurrent saves each deletes the portrait the other stored before it, never
 * leaving an orphan file. A failed save removes the new portrait again.
 */
export async function saveSettingsFromRequest(request: Request): Promise<SiteSettings> {
  const form = await parseMultipart(request, { portrait: coverRule }, uploadTmpDir());
  try {
    const fields = parseSettingsFields(form.fields);
    if (!fields.ok) throw new ApiError(400, fields.message);
    const { removePortrait, ...text } = fields.value;
    const stored = await storeUploads(form.files.portrait ?? []);
    const [portrait] = stored;
    const saved = await commitWithMedia(stored, () =>
      updateSiteSettingsWith((current) => {
        const keep = !removePortrait;
        return {
          ...text,
          portraitUrl: portrait?.url ?? (keep ? current.portraitUrl : ""),
          portraitKey: portrait?.key ?? (keep ? current.portraitKey : null),
        };
      }),
    );
    if (!saved) throw new Error("Settings were not saved");
    // Only after the commit: the replaced portrait is no longer referenced.
    if (saved.before.portraitKey !== saved.after.portraitKey) {
      await deleteMediaQuietly([saved.before.portraitKey]);
    }
    await invalidateSettings();
    return saved.after;
  } finally {
    await form.cleanup();
  }
}
