"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { bindText } from "@/components/forms/bind-text";
import { CheckedFileField, TextAreaField, TextField } from "@/components/forms/field";
import { FormError } from "@/components/forms/form-message";
import { SubmitButton } from "@/components/forms/submit-button";
import { UploadProgress } from "@/components/forms/upload-progress";
import { FilePreview } from "@/components/forms/file-preview";
import { AppearanceFields } from "@/components/forms/appearance-fields";
import { useToast } from "@/components/ui/toast-provider";
import { coverRule, posterRule } from "@/lib/validation/uploads";
import {
  saveSettings,
  toSettingsDraft,
  toSettingsForm,
  validateSettingsDraft,
  type SettingsDraft,
  type SettingsErrors,
} from "@/lib/client/settings";
import { SETTINGS_LIMITS } from "@/lib/validation/limits";
import type { SiteSettings } from "@/lib/validation/site-settings";

const socialFields = [
  { key: "behance", label: "Behance (portfolio)" },
  { key: "github", label: "GitHub (code)" },
  { key: "instagram", label: "Instagram (photos)" },
  { key: "dribbble", label: "Dribbble (showcase)" },
] as const;

/** The owner's site settings: name, tagline, biography, portrait, contact, showreel, social links. */
export function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const router = useRouter();
  const { showToast } = useToast();
  const { portraitUrl, showreelPosterUrl } = initial;
  const [draft, setDraft] = useState<SettingsDraft>(() => toSettingsDraft(initial));
  const [portrait, setPortrait] = useState<File | null>(null);
  const [portraitError, setPortraitError] = useState<string | null>(null);
  const [removePortrait, setRemovePortrait] = useState(false);
  const [reelPoster, setReelPoster] = useState<File | null>(null);
  const [reelPosterError, setReelPosterError] = useState<string | null>(null);
  const [removeReelPoster, setRemoveReelPoster] = useState(false);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const storedPortrait = removePortrait ? null : portraitUrl || null;
  const storedReelPoster = removeReelPoster ? null : showreelPosterUrl || null;

  const set = (patch: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const field = bindText(draft, set, { disabled: busy, errors });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problems = validateSettingsDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setError("Please correct the highlighted fields.");
      return;
    }
    setError(null);
    setProgress(0);
    const form = toSettingsForm(draft, portrait, removePortrait, {
      file: reelPoster,
      remove: removeReelPoster,
    });
    const result = await saveSettings(form, setProgress);
    setProgress(null);
    if (!result.ok) {
      setError(result.message);
      showToast(result.message, "error");
      return;
    }
    showToast(result.message, "success");
    setPortrait(null);
    setRemovePortrait(false);
    setReelPoster(null);
    setRemoveReelPoster(false);
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Site settings">
      <TextField
        label="Owner name"
        {...field("ownerName")}
        required
        maxLength={SETTINGS_LIMITS.ownerName}
      />
      <TextField label="Tagline" {...field("tagline")} maxLength={SETTINGS_LIMITS.tagline} />
      <TextAreaField
        label="Biography"
        {...field("biography")}
        maxLength={SETTINGS_LIMITS.biography}
      />
      <div className="space-y-2">
        {portrait ? (
          <FilePreview
            file={portrait}
            alt="Preview of the new portrait"
            className="h-32 w-32 rounded-full object-cover"
          />
        ) : storedPortrait ? (
          // eslint-disable-next-line @next/next/no-img-element -- owner-only thumbnail of the stored file
          <img
            src={storedPortrait}
            alt="Current portrait"
            className="h-32 w-32 rounded-full object-cover"
          />
        ) : null}
        <CheckedFileField
          label="Portrait"
          hint="JPEG, PNG or GIF, up to 5 MB. Shown on the About page."
          rule={coverRule}
          error={portraitError}
          disabled={busy}
          onPick={(file, problem) => {
            setPortraitError(problem);
            setPortrait(file);
            // A refusal of the portrait sent before no longer applies to a new one.
            setError(null);
          }}
        />
        {portraitUrl && !portrait ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={removePortrait}
              disabled={busy}
              onChange={(event) => setRemovePortrait(event.target.checked)}
            />
            Remove the current portrait
          </label>
        ) : null}
      </div>
      <TextField label="Contact e-mail" type="email" {...field("contactEmail")} />
      <TextField
        label="Showreel Vimeo URL"
        {...field("showreelUrl")}
        placeholder="https://vimeo.com/123456789"
      />
      <div className="space-y-2">
        {reelPoster ? (
          <FilePreview
            file={reelPoster}
            alt="Preview of the new showreel poster"
            className="aspect-video w-64 rounded-sm object-cover"
          />
        ) : storedReelPoster ? (
          // eslint-disable-next-line @next/next/no-img-element -- owner-only thumbnail of the stored file
          <img
            src={storedReelPoster}
            alt="Current showreel poster"
            className="aspect-video w-64 rounded-sm object-cover"
          />
        ) : null}
        <CheckedFileField
          label="Showreel poster"
          hint="JPEG, PNG or GIF, up to 5 MB. Shown on the Reel page until the showreel is played."
          rule={posterRule}
          error={reelPosterError}
          disabled={busy}
          onPick={(file, problem) => {
            setReelPosterError(problem);
            setReelPoster(file);
            setError(null);
          }}
        />
        {showreelPosterUrl && !reelPoster ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={removeReelPoster}
              disabled={busy}
              onChange={(event) => setRemoveReelPoster(event.target.checked)}
            />
            Remove the current showreel poster
          </label>
        ) : null}
      </div>
      <fieldset className="space-y-4">
        <legend className="font-medium">Social links</legend>
        {socialFields.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="url"
            value={draft.socials[key]}
            placeholder="https://"
            error={errors[`socials.${key}`]}
            disabled={busy}
            onChange={(event) => set({ socials: { ...draft.socials, [key]: event.target.value } })}
          />
        ))}
      </fieldset>
      <AppearanceFields
        value={draft}
        errors={errors}
        disabled={busy}
        onChange={(patch) => {
          set(patch);
          // A refusal of the value sent before no longer applies to a new one.
          setErrors((current) => {
            const next = { ...current };
            for (const name of Object.keys(patch)) delete next[name];
            return next;
          });
        }}
      />
      <UploadProgress percent={progress} label="Saving" />
      <FormError message={error} />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save Settings
      </SubmitButton>
    </form>
  );
}
