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
import { restoreSection, sectionMediaKeys, trashSection } from "@/lib/data/trash";
import { StaleVersionError } from "@/lib/data/versions";
import type { SectionImage } from "@/models";
import { deleteMediaQuietly, forgetMediaQuietly, type StoredMedia } from "@/lib/storage";
import { parseMultipart, type ParsedForm, type UploadedFile } from "@/lib/uploads/parse";
import { MAX_IMAGES, sectionImageRule, videoRule } from "@/lib/validation/uploads";
import { messages, tooManyImages } from "@/lib/validation/messages";
import { parseSectionFields, type SectionFields } from "@/lib/validation/section";
import { parseVersion } from "@/lib/validation/version";
import { commitWithMedia, storeUploads, uploadTmpDir } from "./media";
import { ApiError } from "./respond";

const rules = { resources: sectionImageRule, video: videoRule };

type SectionForm = {
  fields: SectionFields;
  /** The version an edit started from; undefined when not sent (docs/spec.md §10). */
  version: number | undefined;
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
    const version = parseVersion(form.fields.version?.[0]);
    if (!version.ok) throw new ApiError(400, version.message);
    const video = form.files.video?.[0];
    if (video && parsed.value.videoEmbed) {
      throw new ApiError(400, messages.eitherVideoOrEmbed);
    }
    return await handle({
      fields: parsed.value,
      version: version.value,
      images: form.files.resources ?? [],
      video,
    });
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
    return { url: media.url, key: media.key, width: media.width, height: media.height, alt };
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
      }),
    );
  });
  if (!section) throw new ApiError(404, messages.projectNotFound);
  invalidateProject(projectId);
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
  const { title, description, videoEmbed, removeResources, removeVideo } = form.fields;
  const kept = before.images.filter((image) => !removeResources.includes(image.url));
  if (kept.length + images.length > MAX_IMAGES) {
    const overflow = form.images[MAX_IMAGES - kept.length] ?? form.images[0];
    throw new ApiError(400, tooManyImages(overflow?.name ?? "image"));
  }
  const patch: SectionPatch = { images: [...kept, ...images] };
  if (title !== undefined) patch.title = title;
  if (description !== undefined) patch.description = description;
  if (removeVideo) Object.assign(patch, { videoUrl: null, videoKey: null, videoEmbed: null });
  if (video) Object.assign(patch, { videoUrl: video.url, videoKey: video.key, videoEmbed: null });
  else if (videoEmbed) Object.assign(patch, { videoEmbed, videoUrl: null, videoKey: null });
  else if (videoEmbed === null) patch.videoEmbed = null;
  return patch;
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
    // A refused write (a stale version among them) removes the stored files again.
    return commitWithMedia(stored, () =>
      updateSectionWith(id, (before) => editPatch(before, form, images, video), form.version).catch(
        (error: unknown) => {
          // docs/spec.md §10: an edit that started from an older version overwrites nothing.
          if (error instanceof StaleVersionError) throw new ApiError(409, messages.sectionConflict);
          throw error;
        },
      ),
    );
  });
  if (!result) throw new ApiError(404, messages.sectionNotFound);
  await deleteMediaQuietly(unreferencedKeys(result.before, result.after));
  invalidateProject(result.after.projectId);
  return result.after;
}

/**
 * Moves a section to the trash (docs/spec.md §10); with `permanent` deletes it (in the trash or
 * not) and its media for good.
 */
export async function removeSection(id: string, permanent = false): Promise<Section> {
  if (!permanent) {
    const section = await trashSection(id);
    if (!section) throw new ApiError(404, messages.sectionNotFound);
    // /media stops serving its files; the image optimizer's copies must not outlive that.
    await forgetMediaQuietly(sectionMediaKeys(section));
    invalidateProject(section.projectId);
    return section;
  }
  const section = await deleteSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  await deleteMediaQuietly(sectionMediaKeys(section));
  invalidateProject(section.projectId);
  return section;
}

/** Takes a section out of the trash, back to its place; 404 when it is not in the trash. */
export async function restoreSectionById(id: string): Promise<Section> {
  const section = await restoreSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  invalidateProject(section.projectId);
  return section;
}
