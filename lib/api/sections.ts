import "server-only";
import { invalidateProject } from "@/lib/cache";
import { getProject } from "@/lib/data/projects";
import {
  createSection,
  deleteSection,
  getSection,
  updateSectionWith,
  type Section,
  type SectionPatch,
} from "@/lib/data/sections";
import type { SectionImage } from "@/models";
import { deleteMediaQuietly, type StoredMedia } from "@/lib/storage";
import { parseMultipart, type ParsedForm, type UploadedFile } from "@/lib/uploads/parse";
import { MAX_IMAGES, sectionImageRule, videoRule } from "@/lib/validation/uploads";
import { messages, tooManyImages } from "@/lib/validation/messages";
import {
  parseSectionFields,
  unknownExistingImage,
  type SectionFields,
} from "@/lib/validation/section";
import { DEFAULT_LAYOUT } from "@/lib/validation/layout";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { commitWithMedia, storeUploads, uploadTmpDir } from "./media";
import { ApiError } from "./respond";

const rules = { resources: sectionImageRule, video: videoRule };

type SectionForm = {
  fields: SectionFields;
  images: UploadedFile[];
  video: UploadedFile | undefined;
};

/** Parses and validates a section form, then runs `use` with it; temporary files are always removed. */
async function withSectionForm<T>(
  request: Request,
  mode: "add" | "edit",
  handle: (form: SectionForm) => Promise<T>,
): Promise<T> {
  const form: ParsedForm = await parseMultipart(request, rules, uploadTmpDir());
  try {
    const parsed = parseSectionFields(form.fields, mode);
    if (!parsed.ok) throw new ApiError(400, parsed.message);
    const video = form.files.video?.[0];
    if (video && parsed.value.videoEmbed) {
      throw new ApiError(400, messages.eitherVideoOrEmbed);
    }
    return await handle({ fields: parsed.value, images: form.files.resources ?? [], video });
  } finally {
    await form.cleanup();
  }
}

/** Stores the images and video of a form; images first, in the order they were sent. */
async function storeSectionMedia(form: SectionForm) {
  const stored = await storeUploads(form.video ? [...form.images, form.video] : form.images);
  const images: SectionImage[] = form.images.map((_, index) => {
    const media = stored[index]!;
    const alt = form.fields.alts[index] ?? "";
    const focal = form.fields.focals[index] ?? DEFAULT_FOCAL;
    return {
      url: media.url,
      key: media.key,
      width: media.width,
      height: media.height,
      alt,
      focalX: focal.x,
      focalY: focal.y,
    };
  });
  const video: StoredMedia | undefined = form.video ? stored[stored.length - 1] : undefined;
  return { stored, images, video };
}

export async function createSectionFromRequest(
  projectId: string,
  request: Request,
): Promise<Section> {
  if (!(await getProject(projectId))) throw new ApiError(404, messages.projectNotFound);
  const section = await withSectionForm(request, "add", async (form) => {
    const { title = "", description = "", videoEmbed } = form.fields;
    if (!title && !description && !videoEmbed && !form.video && form.images.length === 0) {
      throw new ApiError(400, messages.sectionEmpty);
    }
    const { stored, images, video } = await storeSectionMedia(form);
    return commitWithMedia(stored, () =>
      createSection(projectId, {
        title,
        description,
        images,
        videoUrl: video?.url ?? null,
        videoKey: video?.key ?? null,
        videoEmbed: videoEmbed ?? null,
        layout: form.fields.layout ?? DEFAULT_LAYOUT,
      }),
    );
  });
  if (!section) throw new ApiError(404, messages.projectNotFound);
  await invalidateProject(projectId);
  return section;
}

/**
 * The patch for an edit: kept images (all but those listed as removed) plus the new ones, at most
 * 5 in all; a new video file clears the embed and a new embed clears the video file.
 */
function editPatch(
  before: Section,
  form: SectionForm,
  images: SectionImage[],
  video: StoredMedia | undefined,
): SectionPatch {
  const { title, description, videoEmbed, removeResources, removeVideo, layout } = form.fields;
  const kept = keptImages(before, form.fields).filter(
    (image) => !removeResources.includes(image.url),
  );
  if (kept.length + images.length > MAX_IMAGES) {
    const overflow = form.images[MAX_IMAGES - kept.length] ?? form.images[0];
    throw new ApiError(400, tooManyImages(overflow?.name ?? "image"));
  }
  const patch: SectionPatch = { images: [...kept, ...images] };
  if (title !== undefined) patch.title = title;
  if (description !== undefined) patch.description = description;
  if (layout !== undefined) patch.layout = layout;
  if (removeVideo) Object.assign(patch, { videoUrl: null, videoKey: null, videoEmbed: null });
  if (video) Object.assign(patch, { videoUrl: video.url, videoKey: video.key, videoEmbed: null });
  else if (videoEmbed) Object.assign(patch, { videoEmbed, videoUrl: null, videoKey: null });
  else if (videoEmbed === null) patch.videoEmbed = null;
  return patch;
}

/**
 * The stored images an edit keeps: all, as they are, without `existingImages`; with it, those it
 * lists in its order with its alt texts and focal points (an image it leaves out is removed, a URL
 * the section does not hold is refused).
 */
function keptImages(before: Section, fields: SectionFields): SectionImage[] {
  if (!fields.existingImages) return before.images;
  return fields.existingImages.map(({ url, alt, focalX, focalY }) => {
    const stored = before.images.find((image) => image.url === url);
    if (!stored) throw new ApiError(400, unknownExistingImage(url));
    return { ...stored, alt, focalX, focalY };
  });
}

/** Media an edit no longer references: removed images and a replaced or cleared video file. */
function unreferencedKeys(before: Section, after: Section): string[] {
  const still = new Set([after.videoKey, ...after.images.map((image) => image.key)]);
  return [before.videoKey, ...before.images.map((image) => image.key)].filter(
    (key): key is string => Boolean(key) && !still.has(key),
  );
}

export async function updateSectionFromRequest(id: string, request: Request): Promise<Section> {
  // Checked before the upload is read, so a wrong id costs no disk writes.
  if (!(await getSection(id))) throw new ApiError(404, messages.sectionNotFound);
  const result = await withSectionForm(request, "edit", async (form) => {
    const { stored, images, video } = await storeSectionMedia(form);
    return commitWithMedia(stored, () =>
      updateSectionWith(id, (before) => editPatch(before, form, images, video)),
    );
  });
  if (!result) throw new ApiError(404, messages.sectionNotFound);
  await deleteMediaQuietly(unreferencedKeys(result.before, result.after));
  await invalidateProject(result.after.projectId);
  return result.after;
}

export async function removeSection(id: string): Promise<Section> {
  const section = await deleteSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  await deleteMediaQuietly([section.videoKey, ...section.images.map((image) => image.key)]);
  await invalidateProject(section.projectId);
  return section;
}
