"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { bindText } from "@/components/forms/bind-text";
import { TextAreaField, TextField } from "@/components/forms/field";
import { FormError } from "@/components/forms/form-message";
import { ImagePicker, type NewImage } from "@/components/forms/image-picker";
import { SubmitButton } from "@/components/forms/submit-button";
import { UploadProgress } from "@/components/forms/upload-progress";
import { VideoField } from "@/components/forms/video-field";
import { LayoutField } from "@/components/forms/layout-field";
import { VideoFramePicker, type LoopTrim } from "./video-frame-picker";
import { useToast } from "@/components/ui/toast-provider";
import { selectImages, videoRule } from "@/lib/validation/uploads";
import {
  fillSectionForm,
  sectionFiles,
  withSectionReferences,
  keptImages,
  switchVideoMode,
  validateSectionDraft,
  type ExistingImage,
  type SectionDraft,
} from "@/lib/client/section-draft";
import { addSection, updateSection } from "@/lib/client/sections";
import { uploadDirect } from "@/lib/client/direct-upload";
import { SECTION_LIMITS } from "@/lib/validation/limits";
import { ResumableVideoField, type ResumableVideo } from "./resumable-video-field";
import { DEFAULT_LAYOUT, type SectionLayout } from "@/lib/domain";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { messages as apiMessages } from "@/lib/validation/messages";
import { resumableMessages } from "@/lib/validation/resumable-uploads";
import type { VideoPlayback } from "@/lib/domain";
import type { SectionJson } from "@/lib/data/serialize";

/** The stored section the edit form starts from. */
export type SectionInitial = {
  id: string;
  title: string;
  description: string;
  images: ExistingImage[];
  video: string;
  /** A stored video on Cloudinary: a playable copy of the whole file its loop points are picked on. */
  videoPlayable?: string;
  videoEmbed: string;
  layout: SectionLayout;
  playback: VideoPlayback;
  poster: string;
  /** A loop's stored in and out points; null: the default. */
  trim: LoopTrim | null;
  /** The version the edit starts from: a save after someone else's answers 409 (docs/spec.md §10). */
  version: number;
};

type SectionFormProps = (
  | { mode: "add"; projectId: string; initial?: undefined }
  | { mode: "edit"; projectId: string; initial: SectionInitial }
) & {
  /**
   * Called with the saved section instead of going to the project page (the project editor, which
   * stays where it is).
   */
  onSaved?: (section: SectionJson | undefined) => void;
};

const hints = {
  add: "Paste a Vimeo link or its embed code, e.g. https://vimeo.com/123456789",
  edit: "Paste a Vimeo link, e.g. https://vimeo.com/123456789",
};

/** Add New Section and Edit Section: text, up to 5 images, one video, sent with upload progress. */
export function SectionForm({ mode, projectId, initial, onSaved }: SectionFormProps) {
  const router = useRouter();
  const { showToast } = useToast();
  const nextKey = useRef(0);
  const [draft, setDraft] = useState<Omit<SectionDraft, "newImages">>({
    title: initial?.title ?? "",
    description: initial?.description ?? "",
    existingImages: initial?.images ?? [],
    removedImages: [],
    videoMode: initial?.videoEmbed ? "embed" : "upload",
    videoFile: null,
    videoEmbed: initial?.videoEmbed ?? "",
    removeVideo: false,
    layout: initial?.layout ?? DEFAULT_LAYOUT,
    playback: initial?.playback ?? "player",
    posterFile: null,
    // Sent only once the owner moves a point: a save leaves the stored trim as it is.
    trim: null,
  });
  const [images, setImages] = useState<NewImage[]>([]);
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [embedError, setEmbedError] = useState<string | null>(null);
  const [posterError, setPosterError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The master being uploaded with tus; the form sends its id (videoUpload) once it is complete. */
  const [master, setMaster] = useState<ResumableVideo | null>(null);
  /** A picked video still being checked: Save waits (it would go without the video). */
  const [checkingVideo, setCheckingVideo] = useState(false);
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null);
  const busy = progress !== null;
  const update = (patch: Partial<typeof draft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const field = bindText(draft, update, { disabled: busy });

  function pickImages(files: File[]) {
    const kept = keptImages({ ...draft, newImages: [] }).length + images.length;
    const { accepted, errors } = selectImages(files, kept);
    setImageErrors(errors);
    // A refusal of the files sent before no longer applies once they change.
    setError(null);
    setImages((current) => [
      ...current,
      ...accepted.map((file) => ({
        key: String(nextKey.current++),
        file,
        alt: "",
        focal: DEFAULT_FOCAL,
      })),
    ]);
  }

  /** Toasts the failure; the form line repeats it unless a field already shows it. */
  function fail(message: string, detail?: string, shownAtField = false) {
    setProgress(null);
    setError(shownAtField ? null : { message, detail });
    showToast(message, "error");
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const full: SectionDraft = { ...draft, newImages: images };
    const invalid = validateSectionDraft(full, mode);
    const vimeoProblem =
      invalid === apiMessages.invalidVimeoAdd || invalid === apiMessages.invalidVimeoEdit;
    setEmbedError(vimeoProblem ? invalid : null);
    if (invalid) return fail(invalid, undefined, vimeoProblem);
    if (draft.videoMode === "upload" && master && !master.id)
      return fail(resumableMessages.stillUploading);
    setError(null);
    setProgress(0);
    // On Cloudinary the files go there first, with the same progress bar.
    const direct = await uploadDirect(sectionFiles(full), setProgress);
    if (direct.kind === "failed") return fail(direct.message);
    const sent = direct.kind === "ok" ? withSectionReferences(full, direct.references) : full;
    const onProgress = direct.kind === "ok" ? undefined : setProgress;
    const form = new FormData();
    fillSectionForm<File | string>(form, sent, mode === "add" ? projectId : undefined);
    if (mode === "edit") form.append("version", String(initial.version));
    const result =
      mode === "add"
        ? await addSection(projectId, form, onProgress)
        : await updateSection(initial.id, form, onProgress);
    if (!result.ok) return fail(result.message, result.detail);
    showToast(result.message, "success");
    if (onSaved) return onSaved(result.data);
    router.push(`/sections/${projectId}`);
    router.refresh();
  }

  const currentVideo = initial?.videoEmbed
    ? { kind: "embed" as const, url: initial.videoEmbed }
    : initial?.video
      ? { kind: "upload" as const, url: initial.video }
      : null;

  // The poster frame and a loop's trim are picked on the new file, or on the stored one (encoded
  // here: a /media/ URL) with the server's frames of the file it is encoded from (docs/api.md
  // "Video frames"): a stored loop plays only its trimmed part, the points are the master's.
  const storedLocal = currentVideo?.kind === "upload" && currentVideo.url.startsWith("/media/");
  const uploading = draft.videoMode === "upload" && !draft.removeVideo;
  const newVideo = uploading ? (draft.videoFile ?? master?.file ?? null) : null;
  const frames = !uploading
    ? null
    : master
      ? master.id && `/api/uploads/${master.id}/frames`
      : !draft.videoFile && storedLocal
        ? `/api/sections/${initial?.id}/frames`
        : null;
  // A stored video on Cloudinary: its poster frame and loop points are picked on Cloudinary's
  // playable copy of it (the poster sent as a time: Cloudinary draws that frame).
  const storedCloud =
    uploading && !draft.videoFile && !master ? initial?.videoPlayable || null : null;
  const showLoop = draft.playback === "loop" && (newVideo || frames || storedCloud);

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <TextField label="Title" name="title" {...field("title")} maxLength={SECTION_LIMITS.title} />
      <TextAreaField
        label="Description"
        name="description"
        {...field("description")}
        maxLength={SECTION_LIMITS.description}
      />
      <ImagePicker
        layout={draft.layout}
        existing={draft.existingImages}
        removed={draft.removedImages}
        images={images}
        errors={imageErrors}
        disabled={busy}
        onPick={pickImages}
        onToggleExisting={(url) =>
          update({
            removedImages: draft.removedImages.includes(url)
              ? draft.removedImages.filter((removed) => removed !== url)
              : [...draft.removedImages, url],
          })
        }
        onExistingChange={(existingImages) => update({ existingImages })}
        onRemove={(key) => setImages((current) => current.filter((image) => image.key !== key))}
        onAltChange={(key, alt) =>
          setImages((current) =>
            current.map((image) => (image.key === key ? { ...image, alt } : image)),
          )
        }
        onFocalChange={(key, focal) =>
          setImages((current) =>
            current.map((image) => (image.key === key ? { ...image, focal } : image)),
          )
        }
      />
      <LayoutField value={draft.layout} disabled={busy} onChange={(layout) => update({ layout })} />
      <VideoField
        mode={draft.videoMode}
        file={draft.videoFile ?? master?.file ?? null}
        embed={draft.videoEmbed}
        fileInput={
          <ResumableVideoField
            kind="video"
            label="Video file (MP4, MOV, WebM or MKV)"
            hint="An MP4 up to 50 MB that this browser plays is sent with the form; a larger file, one it cannot play (HEVC) or a master (MOV, WebM, MKV) uploads at once and resumes after a dropped connection."
            disabled={busy}
            plainRule={videoRule}
            onPlainFile={(file) => {
              setMaster(null);
              // A frame of the old file is no poster for the new one: the picker captures a new one.
              update({
                videoFile: file,
                videoUpload: null,
                posterFile: null,
                posterTime: null,
                trim: null,
              });
            }}
            onChange={(video) => {
              setMaster(video);
              setFileError(null);
              setError(null);
              // A frame of the old file is no poster for the new one.
              update({
                videoFile: null,
                videoUpload: video?.id ?? null,
                posterFile: null,
                posterTime: null,
                trim: null,
              });
            }}
            onChecking={setCheckingVideo}
          />
        }
        fileError={fileError}
        embedError={embedError}
        current={currentVideo}
        removeCurrent={draft.removeVideo}
        disabled={busy}
        embedLabel={mode === "add" ? "Vimeo URL or embed code" : "Vimeo URL"}
        embedHint={hints[mode]}
        onModeChange={(videoMode) => {
          setMaster(null);
          setFileError(null);
          setEmbedError(null);
          setPosterError(null);
          setDraft((current) => switchVideoMode({ ...current, newImages: [] }, videoMode));
        }}
        onEmbedChange={(videoEmbed) => {
          setEmbedError(null);
          update({ videoEmbed });
        }}
        onRemoveCurrentChange={currentVideo ? (removeVideo) => update({ removeVideo }) : undefined}
        playback={draft.playback}
        onPlaybackChange={(playback) => update({ playback })}
        posterFile={draft.posterFile}
        posterError={posterError}
        currentPoster={initial?.poster || null}
        frames={frames || null}
        playable={storedCloud}
        onPosterChange={(posterFile, problem, posterTime) => {
          setPosterError(problem);
          setError(null);
          update({ posterFile, posterTime });
        }}
      />
      {showLoop ? (
        <VideoFramePicker
          source={newVideo ?? storedCloud}
          frames={frames || null}
          value={draft.trim ?? (draft.videoFile || master ? null : (initial?.trim ?? null))}
          disabled={busy}
          onChange={(trim) => update({ trim })}
        />
      ) : null}
      <UploadProgress percent={progress} />
      <FormError message={error?.message ?? null} detail={error?.detail} announce={false} />
      <SubmitButton
        busy={busy || checkingVideo}
        busyLabel={busy ? `Uploading ${progress ?? 0}%` : "Checking the video…"}
      >
        {mode === "add" ? "Add Section" : "Save Changes"}
      </SubmitButton>
    </form>
  );
}
