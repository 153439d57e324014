import "server-only";
import { invalidateSettings } from "@/lib/cache";
import { updateSiteSettingsWith } from "@/lib/data/settings";
import { deleteMediaQuietly, type StoredMedia } from "@/lib/storage";
import { parseMultipart } from "@/lib/uploads/parse";
import { coverRule, posterRule } from "@/lib/validation/uploads";
import {
  parseSettingsFields,
  type SettingsImage,
  type SiteSettings,
} from "@/lib/validation/site-settings";
import { commitWithMedia, storeUploads, uploadTmpDir } from "./media";
import { ApiError } from "./respond";

/** A settings image's URL, key and blur-up placeholder. */
type ImageFields<P extends SettingsImage> = Record<`${P}Url`, string> &
  Record<`${P}Key` | `${P}Placeholder`, string | null>;

/** An image's fields after a save: the new file's, none when removed, else the current ones. */
function imageAfterSave<P extends SettingsImage>(
  image: P,
  current: SiteSettings,
  file: StoredMedia | undefined,
  remove: boolean,
): ImageFields<P> {
  const [url, key, placeholder] = [`${image}Url`, `${image}Key`, `${image}Placeholder`] as const;
  const [urlValue, keyValue, placeholderValue] = file
    ? [file.url, file.key, file.placeholder ?? null]
    : remove
      ? ["", null, null]
      : [current[url], current[key], current[placeholder]];
  return { [url]: urlValue, [key]: keyValue, [placeholder]: placeholderValue } as ImageFields<P>;
}

/**
 * Saves a settings form (multipart text fields and an optional `portrait` file with the cover
 * rules, or `removePortrait=true`). The portrait kept or replaced is read under the settings row's
 * lock, so of two concurrent saves each deletes the portrait the other stored before it, never
 * leaving an orphan file. A failed save removes the new portrait again.
 */
export async function saveSettingsFromRequest(request: Request): Promise<SiteSettings> {
  const form = await parseMultipart(
    request,
    { portrait: coverRule, showreelPoster: posterRule },
    uploadTmpDir(),
  );
  try {
    const fields = parseSettingsFields(form.fields);
    if (!fields.ok) throw new ApiError(400, fields.message);
    const { removePortrait, removeShowreelPoster, appearance, ...text } = fields.value;
    const portraitFile = form.files.portrait?.[0];
    const posterFile = form.files.showreelPoster?.[0];
    const stored = await storeUploads([portraitFile, posterFile].filter((file) => !!file));
    const portrait = portraitFile ? stored[0] : undefined;
    const poster = posterFile ? stored[stored.length - 1] : undefined;
    const saved = await commitWithMedia(stored, () =>
      updateSiteSettingsWith((current) => ({
        ...current,
        ...text,
        ...appearance,
        ...imageAfterSave("portrait", current, portrait, removePortrait),
        ...imageAfterSave("showreelPoster", current, poster, removeShowreelPoster),
      })),
    );
    if (!saved) throw new Error("Settings were not saved");
    // Only after the commit: a replaced portrait or poster is no longer referenced.
    const { before, after } = saved;
    await deleteMediaQuietly([
      before.portraitKey !== after.portraitKey ? before.portraitKey : null,
      before.showreelPosterKey !== after.showreelPosterKey ? before.showreelPosterKey : null,
    ]);
    await invalidateSettings();
    return saved.after;
  } finally {
    await form.cleanup();
  }
}
