"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { bindText } from "@/components/forms/bind-text";
import { RadioField, TextAreaField, TextField } from "@/components/forms/field";
import { FormError } from "@/components/forms/form-message";
import { SubmitButton } from "@/components/forms/submit-button";
import { UploadProgress } from "@/components/forms/upload-progress";
import { AppearanceFields } from "@/components/forms/appearance-fields";
import { ResumableVideoField, type ResumableVideo } from "@/components/owner/resumable-video-field";
import { VideoEncodingStatus } from "@/components/owner/video-encoding-status";
import { PosterPicker } from "@/components/forms/poster-picker";
import { AppearancePreview, type PreviewProject } from "./appearance-preview";
import {
  NO_IMAGE_CHANGE,
  SettingsImageField,
  type ImageChange,
} from "@/components/dashboard/settings-image-field";
import { useToast } from "@/components/ui/toast-provider";
import { uploadDirect } from "@/lib/client/direct-upload";
import { coverRule, posterRule, videoRule } from "@/lib/validation/uploads";
import {
  saveSettings,
  toSettingsDraft,
  toSettingsForm,
  validateSettingsDraft,
  type ReelChoice,
  type SettingsDraft,
  type SettingsErrors,
} from "@/lib/client/settings";
import { SETTINGS_LIMITS } from "@/lib/validation/limits";
import { resumableMessages } from "@/lib/validation/resumable-uploads";
import type { SettingsImage, SiteSettings } from "@/lib/validation/site-settings";

const socialFields = [
  { key: "behance", label: "Behance (portfolio)" },
  { key: "github", label: "GitHub (code)" },
  { key: "instagram", label: "Instagram (photos)" },
  { key: "dribbble", label: "Dribbble (showcase)" },
] as const;

/** The settings' images as the form shows them; stored as `<name>Url` in the settings. */
const IMAGE_FIELDS: Record<
  SettingsImage,
  Pick<
    React.ComponentProps<typeof SettingsImageField>,
    "what" | "hint" | "rule" | "previewClassName"
  >
> = {
  portrait: {
    what: "portrait",
    hint: "JPEG, PNG or GIF, up to 5 MB. Shown on the About page.",
    rule: coverRule,
    previewClassName: "h-32 w-32 rounded-full object-cover",
  },
  showreelPoster: {
    what: "showreel poster",
    hint: "JPEG, PNG or GIF, up to 5 MB. Shown on the Reel page until the showreel is played.",
    rule: posterRule,
    previewClassName: "aspect-video w-64 rounded-sm object-cover",
  },
};
const REEL_SOURCES = ["vimeo", "video"] as const;
const REEL_SOURCE_LABELS: Record<ReelChoice["source"], string> = {
  vimeo: "A Vimeo link",
  video: "An uploaded video",
};
const NO_IMAGE_CHANGES: Record<SettingsImage, ImageChange> = {
  portrait: NO_IMAGE_CHANGE,
  showreelPoster: NO_IMAGE_CHANGE,
};

/** The owner's site settings: name, tagline, biography, portrait, contact, showreel, social links. */
export function SiteSettingsForm({
  initial,
  previewProjects,
  reelPosterMeanwhile = false,
}: {
  initial: SiteSettings;
  /** The Reel page shows the showreel's poster while it encodes (a master browsers cannot play). */
  reelPosterMeanwhile?: boolean;
  /** The first published projects, drawn as cards in the look's preview. */
  previewProjects: PreviewProject[];
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const [draft, setDraft] = useState<SettingsDraft>(() => toSettingsDraft(initial));
  const [images, setImages] = useState(NO_IMAGE_CHANGES);
  const [reelSource, setReelSource] = useState<ReelChoice["source"]>(
    initial.showreelVideoUrl ? "video" : "vimeo",
  );
  const [reelFile, setReelFile] = useState<File | null>(null);
  /** A master being uploaded with tus; the form sends its id once every byte is there. */
  const [reelMaster, setReelMaster] = useState<ResumableVideo | null>(null);
  /** A picked Reel video still being checked: Save waits (it would go without the video). */
  const [checkingReel, setCheckingReel] = useState(false);
  /** Bumped by a save: the video field starts empty again once its file is attached. */
  const [reelField, setReelField] = useState(0);
  /** A poster frame picked on the server's frames (a master, the stored Reel): sent as a time. */
  const [reelPosterTime, setReelPosterTime] = useState<number | null | undefined>(undefined);
  const [reelPosterError, setReelPosterError] = useState<string | null>(null);
  const reel: ReelChoice =
    reelSource === "video"
      ? {
          source: "video",
          file: reelFile,
          upload: reelMaster?.id ?? null,
          posterTime: images.showreelPoster.file ? undefined : reelPosterTime,
        }
      : { source: "vimeo" };
  // The frames the poster is picked on: a master's once uploaded, else the stored Reel's (a file on
  // this site, not Cloudinary's) while no other file is picked.
  const reelFrames = reelMaster
    ? reelMaster.id && `/api/uploads/${reelMaster.id}/frames`
    : !reelFile && initial.showreelVideoUrl.startsWith("/media/")
      ? "/api/settings/showreel-video/frames"
      : null;
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const imageField = (name: SettingsImage) => (
    <SettingsImageField
      {...IMAGE_FIELDS[name]}
      storedUrl={initial[`${name}Url`]}
      value={images[name]}
      disabled={busy}
      onChange={(change) => {
        setImages((current) => ({ ...current, [name]: change }));
        // A refusal of the image sent before no longer applies to a new one.
        setError(null);
      }}
    />
  );

  /** Bumped to start the poster picker afresh (its captured frame, its file input). */
  const [reelPosterPicker, setReelPosterPicker] = useState(0);
  /** A frame of an earlier video, or of the other source, is no poster for what the Reel plays now. */
  const resetReelPoster = () => {
    setImages((current) => ({ ...current, showreelPoster: NO_IMAGE_CHANGE }));
    setReelPosterTime(undefined);
    setReelPosterError(null);
    setReelPosterPicker((count) => count + 1);
  };

  const set = (patch: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const field = bindText(draft, set, { disabled: busy, errors });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // An uploaded Reel sends no link, so a link left in the hidden field is not checked.
    const problems = validateSettingsDraft(
      reel.source === "video" ? { ...draft, showreelUrl: "" } : draft,
    );
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setError("Please correct the highlighted fields.");
      return;
    }
    if (reelPosterError) {
      setError(reelPosterError);
      return;
    }
    if (reel.source === "video" && reelMaster && !reelMaster.id) {
      setError(resumableMessages.stillUploading);
      return;
    }
    setError(null);
    setProgress(0);
    // On Cloudinary a new Reel mp4 goes there first, with the same progress bar.
    const file = reel.source === "video" ? reel.file : null;
    const direct = await uploadDirect(
      file instanceof File ? [{ file, kind: "video" }] : [],
      setProgress,
    );
    if (direct.kind === "failed") {
      setProgress(null);
      setError(direct.message);
      showToast(direct.message, "error");
      return;
    }
    const sent: ReelChoice =
      direct.kind === "ok" ? { source: "video", file: direct.references[0]! } : reel;
    const form = toSettingsForm(draft, images, sent);
    const result = await saveSettings(form, direct.kind === "ok" ? undefined : setProgress);
    setProgress(null);
    if (!result.ok) {
      setError(result.message);
      showToast(result.message, "error");
      return;
    }
    showToast(result.message, "success");
    setImages(NO_IMAGE_CHANGES);
    setReelFile(null);
    setReelMaster(null);
    setReelPosterTime(undefined);
    setReelField((count) => count + 1);
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
      <TextField
        label="Availability"
        hint="Shown on the Contact and About pages, e.g. “Booking projects from March”. Leave it empty to show nothing."
        {...field("availability")}
        maxLength={SETTINGS_LIMITS.availability}
      />
      <TextAreaField
        label="Biography"
        {...field("biography")}
        maxLength={SETTINGS_LIMITS.biography}
      />
      {imageField("portrait")}
      <TextField label="Contact e-mail" type="email" {...field("contactEmail")} />
      <fieldset className="space-y-4">
        <legend className="font-medium">Showreel</legend>
        <RadioField
          legend="The Reel page plays"
          options={REEL_SOURCES}
          labels={REEL_SOURCE_LABELS}
          value={reelSource}
          disabled={busy}
          compact
          onChange={(source) => {
            setReelSource(source);
            // Leaving the uploaded video stops its transfer: coming back starts from an empty field.
            setReelFile(null);
            setReelMaster(null);
            setReelField((count) => count + 1);
            resetReelPoster();
            setError(null);
          }}
        />
        {reelSource === "vimeo" ? (
          <TextField
            label="Showreel Vimeo URL"
            {...field("showreelUrl")}
            placeholder="https://vimeo.com/123456789"
            hint={
              initial.showreelVideoUrl
                ? "Saving a link replaces the uploaded showreel video."
                : "Without a poster below, Vimeo's own thumbnail is used when Vimeo can be reached."
            }
          />
        ) : (
          <div className="space-y-2">
            {initial.showreelVideoUrl && !reelFile && !reelMaster ? (
              <p className="text-sm">
                Current showreel video:{" "}
                <a href={initial.showreelVideoUrl} className="text-accent underline">
                  {initial.showreelVideoUrl.split("/").pop()}
                </a>
              </p>
            ) : null}
            {initial.showreelVideoUrl && !reelFile && !reelMaster ? (
              <VideoEncodingStatus
                key={initial.showreelVideoKey}
                owner={{ reel: true }}
                initial={{
                  videoStatus: initial.showreelVideoStatus,
                  videoError: initial.showreelVideoError,
                }}
                posterMeanwhile={reelPosterMeanwhile}
              />
            ) : null}
            <ResumableVideoField
              key={reelField}
              kind="video"
              label="Showreel video (MP4, MOV, WebM or MKV)"
              hint="Encoded for every screen size after saving. An MP4 up to 50 MB that this browser plays is sent with the form; a master uploads at once and resumes after a dropped connection."
              disabled={busy}
              plainRule={videoRule}
              onPlainFile={(file) => {
                setReelMaster(null);
                setReelFile(file);
                resetReelPoster();
                setError(null);
              }}
              onChange={(video) => {
                setReelFile(null);
                setReelMaster(video);
                // A new pick (no id yet), a cancel or a failure; the id of a finished upload is
                // the same video, whose poster the owner may have chosen meanwhile.
                if (!video?.id) resetReelPoster();
                setError(null);
              }}
              onChecking={setCheckingReel}
            />
            <fieldset className="space-y-2">
              <legend className="font-medium">Showreel poster</legend>
              <PosterPicker
                key={`${reelField}-${reelPosterPicker}`}
                video={reelFile ?? reelMaster?.file ?? null}
                frames={reelFrames || null}
                poster={images.showreelPoster.file}
                error={reelPosterError}
                current={initial.showreelPosterUrl || null}
                disabled={busy}
                onChange={(file, problem, time) => {
                  setReelPosterError(problem);
                  setError(null);
                  setImages((current) => ({
                    ...current,
                    showreelPoster: { file, remove: false },
                  }));
                  setReelPosterTime(file ? undefined : time);
                }}
              />
            </fieldset>
          </div>
        )}
        {reelSource === "vimeo" ? imageField("showreelPoster") : null}
      </fieldset>
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
      <AppearancePreview
        look={draft}
        ownerName={draft.ownerName.trim() || initial.ownerName}
        projects={previewProjects}
      />
      <UploadProgress percent={progress} label="Saving" />
      <FormError message={error} />
      <SubmitButton
        busy={busy || checkingReel}
        busyLabel={busy ? "Saving…" : "Checking the video…"}
      >
        Save Settings
      </SubmitButton>
    </form>
  );
}
