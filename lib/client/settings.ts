import {
  SETTINGS_IMAGES,
  removeField,
  settingsFieldErrors,
  type SettingsImage,
  type SettingsFields,
  type SiteSettings,
} from "@/lib/validation/site-settings";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { toResult, type Result } from "./result";
import { normalizeVimeoUrl } from "@/lib/validation/vimeo";
import { APPEARANCE_FIELDS, appearanceSchema, type Appearance } from "@/lib/validation/appearance";

/** The settings the owner edits as text and the appearance choices; the portrait travels as a file. */
export type SettingsDraft = SettingsFields & Appearance;

export type SettingsErrors = Partial<Record<string, string>>;

export function toSettingsDraft(settings: SiteSettings): SettingsDraft {
  const { ownerName, tagline, availability, biography, contactEmail, showreelUrl, socials } =
    settings;
  const { cardTitles, typePairing, accentColor, contentWidth, filterCategories } = settings;
  // The portrait and the showreel poster are files, sent beside the draft.
  return {
    ownerName,
    tagline,
    availability,
    biography,
    contactEmail,
    showreelUrl,
    socials: { ...socials },
    cardTitles,
    typePairing,
    accentColor,
    contentWidth,
    filterCategories,
  };
}

/**
 * Field-by-field problems (keys like "ownerName" or "socials.github"); empty when all is well.
 * The API's own schema decides, so the form refuses exactly what the server would.
 */
export function validateSettingsDraft(draft: SettingsDraft): SettingsErrors {
  const errors = settingsFieldErrors(draft);
  for (const name of APPEARANCE_FIELDS) {
    const parsed = appearanceSchema.shape[name].safeParse(draft[name]);
    if (!parsed.success) errors[name] = parsed.error.issues[0]?.message;
  }
  return errors;
}

/**
 * The Reel as the form sets it: a Vimeo link (the draft's `showreelUrl`; saving one replaces a
 * stored video, and an empty one removes it) or an uploaded video (`file` when a small mp4 is
 * picked, `upload` for a master uploaded with tus).
 */
export type ReelChoice =
  | { source: "vimeo" }
  /**
   * `file`: the picked mp4, or the reference to it once uploaded straight to Cloudinary;
   * `upload`: the id of a finished resumable upload (docs/api.md#resumable-uploads);
   * `posterTime`: the frame of the video its poster is taken from by the server (null: its first
   * non-black one), when no poster file is sent.
   */
  | {
      source: "video";
      file: File | string | null;
      upload?: string | null;
      posterTime?: number | null;
    };

/** Multipart body of PUT /api/settings; the showreel is sent as its normalised player URL. */
export function toSettingsForm(
  draft: SettingsDraft,
  images: Partial<Record<SettingsImage, { file: File | null; remove: boolean }>> = {},
  reel: ReelChoice = { source: "vimeo" },
): FormData {
  const form = new FormData();
  form.append("ownerName", draft.ownerName.trim());
  form.append("tagline", draft.tagline.trim());
  form.append("availability", draft.availability.trim());
  form.append("biography", draft.biography.trim());
  form.append("contactEmail", draft.contactEmail.trim());
  const link = reel.source === "vimeo" ? draft.showreelUrl.trim() : "";
  form.append("showreelUrl", link ? (normalizeVimeoUrl(link) ?? link) : "");
  if (reel.source === "vimeo") form.append("removeShowreelVideo", "true");
  else if (reel.upload) form.append("showreelVideoUpload", reel.upload);
  else if (reel.file) form.append("showreelVideo", reel.file);
  if (reel.source === "video" && reel.posterTime !== undefined)
    form.append("showreelPosterTime", reel.posterTime === null ? "" : String(reel.posterTime));
  for (const [name, url] of Object.entries(draft.socials))
    form.append(`socials.${name}`, url.trim());
  for (const name of APPEARANCE_FIELDS) form.append(name, draft[name].trim());
  for (const name of SETTINGS_IMAGES) {
    if (images[name]?.file) form.append(name, images[name].file);
    if (images[name]?.remove) form.append(removeField(name), "true");
  }
  return form;
}

/** PUT /api/settings with upload progress (the portrait may be a few MB). */
export async function saveSettings(
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<Result<SiteSettings>> {
  const outcome = await sendRequest<SiteSettings>("/api/settings", {
    method: "PUT",
    body: form,
    onProgress,
  });
  return toResult(outcome, {
    success: messages.settingsSaved,
    failure: messages.settingsFailed,
  });
}
