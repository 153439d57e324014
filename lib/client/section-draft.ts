import { messages, tooManyImages } from "@/lib/validation/messages";
import { parseSectionFields } from "@/lib/validation/section";
import { MAX_IMAGES } from "@/lib/validation/uploads";
import { normalizeVimeoUrl } from "@/lib/validation/vimeo";
import { DEFAULT_LAYOUT, type SectionLayout } from "@/lib/domain";
import { DEFAULT_FOCAL, formatFocal, type Focal } from "@/lib/validation/focal";
import type { VideoPlayback } from "@/lib/domain";
import type { DirectUploadKind } from "@/lib/validation/direct-uploads";

export type VideoMode = "upload" | "embed";

/** An image already stored with the section (edit form): its alt text and focal point are editable. */
export type ExistingImage = { url: string; alt: string; focal?: Focal };

/** What the owner has entered in the add or edit section form. */
export type SectionDraft<F = File> = {
  title: string;
  description: string;
  existingImages: ExistingImage[];
  removedImages: string[];
  newImages: { file: F; alt: string; focal?: Focal }[];
  videoMode: VideoMode;
  videoFile: F | null;
  /** A master uploaded with tus (docs/api.md#resumable-uploads): its upload id, sent instead of a file. */
  videoUpload?: string | null;
  videoEmbed: string;
  /** Edit form: drop the stored video without choosing another. */
  removeVideo: boolean;
  /** How the images are laid out; sent on every save. */
  layout: SectionLayout;
  /** How an uploaded video plays: "player" (controls) or "loop". */
  playback: VideoPlayback;
  /** The poster: uploaded by the owner or captured from a frame of the picked video. */
  posterFile: F | null;
  /** Where the captured poster frame is in the picked video, in seconds; null for an image. */
  posterTime?: number | null;
  /** A loop's in and out points (docs/media.md "Poster and trim"); null: the default. */
  trim?: { start: number; end: number } | null;
};

/** Multipart field names of POST/PUT /api/sections (docs/spec.md §7 plus alt texts and removals). */
export const SECTION_FIELDS = {
  title: "title",
  description: "description",
  project: "project",
  videoEmbed: "videoEmbed",
  video: "video",
  videoUpload: "videoUpload",
  resources: "resources",
  resourceAlts: "resourceAlts",
  resourceFocals: "resourceFocals",
  removeResources: "removeResources",
  removeVideo: "removeVideo",
  existingImages: "existingImages",
  layout: "layout",
  playback: "playback",
  poster: "poster",
  posterTime: "posterTime",
  trimStart: "trimStart",
  trimEnd: "trimEnd",
} as const;

/** Switching the video type clears the other choice (docs/spec.md §4). */
export function switchVideoMode<F>(draft: SectionDraft<F>, mode: VideoMode): SectionDraft<F> {
  if (mode === draft.videoMode) return draft;
  // A poster belongs to the video it was chosen for.
  return mode === "embed"
    ? { ...draft, videoMode: mode, videoFile: null, videoUpload: null, posterFile: null }
    : { ...draft, videoMode: mode, videoEmbed: "", posterFile: null };
}

export function keptImages<F>(draft: SectionDraft<F>): ExistingImage[] {
  return draft.existingImages.filter((image) => !draft.removedImages.includes(image.url));
}

/** The `existingImages` field: the kept stored images in their order, alt text and focal point. */
export function existingImagesField<F>(draft: SectionDraft<F>): string {
  return JSON.stringify(
    keptImages(draft).map(({ url, alt, focal = DEFAULT_FOCAL }) => ({
      url,
      alt: alt.trim(),
      focalX: focal.x,
      focalY: focal.y,
    })),
  );
}

/** Moves the stored image at `from` by `by` places (the edit form's Move up / Move down). */
export function moveImage<T>(images: T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= images.length) return images;
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The first problem that stops the form from being sent, in the API's words, or null: the API's
 * own field checks (lengths, characters, the Vimeo link in the add or edit wording), its image
 * limit, and on add at least one field.
 */
export function validateSectionDraft<F extends { name: string }>(
  draft: SectionDraft<F>,
  mode: "add" | "edit",
): string | null {
  const embed = draft.videoEmbed.trim();
  const fields = parseSectionFields(
    {
      title: [draft.title],
      description: [draft.description],
      videoEmbed: draft.videoMode === "embed" ? [embed] : undefined,
      resourceAlts: draft.newImages.map((image) => image.alt),
      resourceFocals: draft.newImages.map((image) => formatFocal(image.focal ?? DEFAULT_FOCAL)),
      existingImages: draft.existingImages.length > 0 ? [existingImagesField(draft)] : undefined,
    },
    mode,
  );
  if (!fields.ok) return fields.message;
  const room = MAX_IMAGES - keptImages(draft).length;
  const overflow = draft.newImages[Math.max(0, room)];
  if (draft.newImages.length > room && overflow) return tooManyImages(overflow.file.name);
  const hasContent =
    draft.title.trim() ||
    draft.description.trim() ||
    draft.newImages.length > 0 ||
    (draft.videoMode === "upload" ? draft.videoFile || draft.videoUpload : embed);
  if (mode === "add" && !hasContent) return messages.sectionEmpty;
  return null;
}

type FormDataLike<F> = { append(name: string, value: string | F): void };

/** Fills the multipart body for the API; the Vimeo link is sent already normalised. */
export function fillSectionForm<F>(
  form: FormDataLike<F>,
  draft: SectionDraft<F>,
  projectId?: string,
): void {
  const f = SECTION_FIELDS;
  form.append(f.title, draft.title.trim());
  form.append(f.description, draft.description.trim());
  if (projectId) form.append(f.project, projectId);
  form.append(f.layout, draft.layout);
  if (draft.videoMode === "embed") {
    const embed = draft.videoEmbed.trim();
    form.append(f.videoEmbed, embed ? (normalizeVimeoUrl(embed) ?? embed) : "");
  } else {
    if (draft.videoFile) form.append(f.video, draft.videoFile);
    else if (draft.videoUpload) form.append(f.videoUpload, draft.videoUpload);
    form.append(f.playback, draft.playback);
    // The time of the chosen frame: the captured frame's, or without one the frame the encoder
    // takes (a master the browser cannot decode, the stored video); a loop keeps its trim.
    if (draft.posterTime != null) form.append(f.posterTime, draft.posterTime.toFixed(3));
    if (draft.playback === "loop" && draft.trim) {
      form.append(f.trimStart, draft.trim.start.toFixed(3));
      form.append(f.trimEnd, draft.trim.end.toFixed(3));
    }
  }
  if (draft.posterFile) form.append(f.poster, draft.posterFile);
  if (draft.removeVideo) form.append(f.removeVideo, "true");
  for (const image of draft.newImages) {
    form.append(f.resources, image.file);
    form.append(f.resourceAlts, image.alt.trim());
    form.append(f.resourceFocals, formatFocal(image.focal ?? DEFAULT_FOCAL));
  }
  for (const url of draft.removedImages) form.append(f.removeResources, url);
  // Edit form: the stored images kept, in the owner's order, with their alt texts and focal points.
  if (draft.existingImages.length > 0) form.append(f.existingImages, existingImagesField(draft));
}

/**
 * The files a save sends, in the order a direct upload replaces them by
 * references: the new images, the video (upload mode), the poster.
 */
export function sectionFiles<F>(draft: SectionDraft<F>): { file: F; kind: DirectUploadKind }[] {
  const files: { file: F; kind: DirectUploadKind }[] = draft.newImages.map(({ file }) => ({
    file,
    kind: "image",
  }));
  if (draft.videoMode === "upload" && draft.videoFile)
    files.push({ file: draft.videoFile, kind: "video" });
  if (draft.posterFile) files.push({ file: draft.posterFile, kind: "poster" });
  return files;
}

/** The draft with each of sectionFiles' files replaced by its upload reference (same order). */
export function withSectionReferences<F>(
  draft: SectionDraft<F>,
  references: readonly string[],
): SectionDraft<F | string> {
  let next = 0;
  const take = () => references[next++]!;
  const newImages = draft.newImages.map((image) => ({ ...image, file: take() }));
  const videoFile = draft.videoMode === "upload" && draft.videoFile ? take() : draft.videoFile;
  const posterFile = draft.posterFile ? take() : null;
  // The poster frame's time and a loop's points go with the references: the server makes the
  // video's renditions from Cloudinary's transformations for them (docs/media.md "Media on
  // Cloudinary").
  return { ...draft, newImages, videoFile, posterFile };
}

/**
 * The image sections made from many images dropped at once (the project editor): in file order,
 * MAX_IMAGES to a section, each with the default layout and nothing else filled in.
 */
export function imageSectionDrafts<F>(files: readonly F[]): SectionDraft<F>[] {
  const drafts: SectionDraft<F>[] = [];
  for (let start = 0; start < files.length; start += MAX_IMAGES)
    drafts.push({
      title: "",
      description: "",
      existingImages: [],
      removedImages: [],
      newImages: files.slice(start, start + MAX_IMAGES).map((file) => ({ file, alt: "" })),
      videoMode: "upload",
      videoFile: null,
      videoEmbed: "",
      removeVideo: false,
      layout: DEFAULT_LAYOUT,
      playback: "player",
      posterFile: null,
    });
  return drafts;
}
