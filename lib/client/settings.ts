import { siteSettingsSchema, type SiteSettings } from "@/lib/validation/site-settings";
import { messages } from "./messages";
import { sendRequest } from "./request";
import { toResult, type Result } from "./result";
import { normalizeVimeoUrl, invalidVimeoEdit } from "./vimeo";

/** The settings the owner edits as text; the portrait travels as a file. */
export type SettingsDraft = Omit<SiteSettings, "portraitUrl" | "portraitKey">;

export type SettingsErrors = Partial<Record<string, string>>;

const draftSchema = siteSettingsSchema.omit({ portraitUrl: true, portraitKey: true });

const fieldTexts: Record<string, string> = {
  ownerName: "Enter a name (up to 80 characters).",
  tagline: "Keep the tagline under 200 characters.",
  biography: "Keep the biography under 5000 characters.",
  contactEmail: "Enter a valid e-mail address, or leave it empty.",
};

export function toSettingsDraft(settings: SiteSettings): SettingsDraft {
  const { ownerName, tagline, biography, contactEmail, showreelUrl, socials } = settings;
  return { ownerName, tagline, biography, contactEmail, showreelUrl, socials: { ...socials } };
}

/** Field-by-field problems (keys like "ownerName" or "socials.github"); empty when all is well. */
export function validateSettingsDraft(draft: SettingsDraft): SettingsErrors {
  const errors: SettingsErrors = {};
  const parsed = draftSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      errors[key] ??=
        fieldTexts[key] ?? "Enter a full link starting with https://, or leave it empty.";
    }
  }
  if (draft.showreelUrl.trim() && !normalizeVimeoUrl(draft.showreelUrl)) {
    errors.showreelUrl = invalidVimeoEdit;
  }
  return errors;
}

/** Multipart body of PUT /api/settings; the showreel is sent as its normalised player URL. */
export function toSettingsForm(
  draft: SettingsDraft,
  portrait: File | null,
  removePortrait: boolean,
): FormData {
  const form = new FormData();
  form.append("ownerName", draft.ownerName.trim());
  form.append("tagline", draft.tagline.trim());
  form.append("biography", draft.biography.trim());
  form.append("contactEmail", draft.contactEmail.trim());
  const reel = draft.showreelUrl.trim();
  form.append("showreelUrl", reel ? (normalizeVimeoUrl(reel) ?? reel) : "");
  for (const [name, url] of Object.entries(draft.socials))
    form.append(`socials.${name}`, url.trim());
  if (portrait) form.append("portrait", portrait);
  if (removePortrait) form.append("removePortrait", "true");
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
    network: messages.networkError,
  });
}
