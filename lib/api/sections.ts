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
import { encodingChanged, newVideoColumns, syncVideoJob } from "@/lib/data/video-jobs";
import { isLocalKey } from "@/lib/storage/local";
import { isCloudinaryKey } from "@/lib/storage/cloudinary";
import { cloudinaryFrame } from "@/lib/uploads/cloudinary-video";
import { timingMessages, trimProblem } from "@/lib/validation/video-timing";
import type { SectionImage } from "@/models";
import { deleteMediaQuietly, forgetMediaQuietly, type StoredMedia } from "@/lib/storage";
import { MAX_IMAGES, posterRule, sectionImageRule, videoRule } from "@/lib/validation/uploads";
import { messages, tooManyImages } from "@/lib/validation/messages";
import { DEFAULT_PLAYBACK, DEFAULT_LAYOUT } from "@/lib/domain";
import {
  parseSectionFields,
  unknownExistingImage,
  type SectionFields,
} from "@/lib/validation/section";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { parseVersion } from "@/lib/validation/version";
import {
  commitWithMedia,
  renditionsOnCloudinary,
  storeUploadsFindingFirstPicture,
  storedVideoMeta,
  withUploadForm,
  type MediaItem,
} from "./media";
import { storeGeneratedPoster } from "./poster";
import { storeVimeoThumbnail } from "./vimeo-thumbnail";
import { ApiError } from "./respond";

const rules = { resources: sectionImageRule, video: videoRule, poster: posterRule };
/** `videoUpload`: the id of a finished resumable upload, stored as the `video` file. */
const resumable = { videoUpload: { field: "video", kind: "video" } } as const;
/** The kinds of direct upload each file field takes as a reference. */
const directKinds = { resources: "image", video: "video", poster: "poster" } as const;

type SectionForm = {
  fields: SectionFields;
  /** The version an edit started from; undefined when not sent (docs/spec.md §10). */
  version: number | undefined;
  /** Each one a file sent through this server or a direct upload to Cloudinary. */
  images: MediaItem[];
  video: MediaItem | undefined;
  /** The owner's poster (uploaded, or captured from a frame in the browser). */
  poster: MediaItem | undefined;
};

/** Parses and validates a section form, then runs `use` with it; temporary files are always removed. */
async function withSectionForm<T>(
  request: Request,
  mode: "add" | "edit",
  handle: (form: SectionForm) => Promise<T>,
): Promise<T> {
  return withUploadForm(
    request,
    rules,
    directKinds,
    async (form, references) => {
      const parsed = parseSectionFields(form.fields, mode);
      if (!parsed.ok) throw new ApiError(400, parsed.message);
      const version = parseVersion(form.fields.version?.[0]);
      if (!version.ok) throw new ApiError(400, version.message);
      // The multipart limits of lib/validation/uploads.ts, for references too.
      const images: MediaItem[] = form.files.resources ?? references.resources ?? [];
      if (images.length > MAX_IMAGES)
        throw new ApiError(400, tooManyImages(images[MAX_IMAGES]!.name));
      if ((references.video?.length ?? 0) > 1 || (references.poster?.length ?? 0) > 1)
        throw new ApiError(400, messages.invalidForm);
      const video = form.files.video?.[0] ?? references.video?.[0];
      if (video && parsed.value.videoEmbed) {
        throw new ApiError(400, messages.eitherVideoOrEmbed);
      }
      const poster = form.files.poster?.[0] ?? references.poster?.[0];
      return handle({ fields: parsed.value, version: version.value, images, video, poster });
    },
    resumable,
  );
}

/**
 * Stores a generated neutral poster and adds it to `stored`; if that fails, the files stored so far
 * are deleted before the error goes on, so a refused form leaves none behind.
 */
async function addGeneratedPoster(stored: StoredMedia[]): Promise<StoredMedia> {
  try {
    const poster = await storeGeneratedPoster();
    stored.push(poster);
    return poster;
  } catch (error) {
    await deleteMediaQuietly(stored.map((media) => media.key));
    throw error;
  }
}

/**
 * Stores the images, video and poster of a form; images first, in the order they were sent. A
 * video file sent without a poster gets a generated neutral still, so no uploaded video is ever
 * without one; a video stored on this server gets what ffmpeg reads of it (its `videoMeta`).
 */
async function storeSectionMedia(form: SectionForm) {
  const files = [...form.images];
  if (form.video) files.push(form.video);
  if (form.poster) files.push(form.poster);
  const stored = await storeUploadsFindingFirstPicture(files, form.video);
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
      // The placeholder is left out when sharp could not make one (the image renders without).
      ...(media.placeholder ? { placeholder: media.placeholder } : {}),
    };
  });
  const video: StoredMedia | undefined = form.video ? stored[form.images.length] : undefined;
  if (video && isLocalKey(video.key)) video.video = await storedVideoMeta(video.key);
  let poster: StoredMedia | undefined = form.poster ? stored[stored.length - 1] : undefined;
  // On Cloudinary the poster is the frame Cloudinary makes of the video: no still.
  const frame = video && isCloudinaryKey(video.key) && posterFromFrames(form, video);
  if (video && !poster && !frame) poster = await addGeneratedPoster(stored);
  return { stored, images, video, poster };
}

export async function createSectionFromRequest(
  projectId: string,
  request: Request,
): Promise<Section> {
  if (!(await getProject(projectId))) throw new ApiError(404, messages.projectNotFound);
  const section = await withSectionForm(request, "add", async (form) => {
    const { title = "", description = "", videoEmbed, playback } = form.fields;
    if (!title && !description && !videoEmbed && !form.video && form.images.length === 0) {
      throw new ApiError(400, messages.sectionEmpty);
    }
    if (form.poster && !form.video && !videoEmbed) {
      throw new ApiError(400, messages.posterWithoutVideo);
    }
    const timing = newVideoTiming(form, playback ?? DEFAULT_PLAYBACK);
    const { stored, images, video, poster: sent } = await storeSectionMedia(form);
    // A Vimeo link without a poster gets Vimeo's thumbnail when Vimeo answers in time.
    const thumbnail = videoEmbed && !sent ? await storeVimeoThumbnail(videoEmbed) : null;
    if (thumbnail) stored.push(thumbnail);
    const poster = sent ?? thumbnail ?? undefined;
    return commitWithMedia(stored, () => {
      const values = {
        title,
        description,
        images,
        videoUrl: video?.url ?? null,
        videoKey: video?.key ?? null,
        videoEmbed: videoEmbed ?? null,
        layout: form.fields.layout ?? DEFAULT_LAYOUT,
        videoPlayback: video ? (playback ?? DEFAULT_PLAYBACK) : null,
        posterUrl: poster?.url ?? null,
        posterKey: poster?.key ?? null,
        posterPlaceholder: poster?.placeholder ?? null,
        ...(video ? newVideoColumns(video) : {}),
        ...timing,
        posterFromVideo: video ? posterFromFrames(form, video) : false,
      };
      return createSection(projectId, { ...values, ...cloudinaryVideoPatch(values) });
    });
  });
  if (!section) throw new ApiError(404, messages.projectNotFound);
  await syncVideoJob(null, section);
  await invalidateProject(projectId);
  return section;
}

/** Whether the form sends a poster time or a trim (docs/media.md "Poster and trim"). */
const sendsTiming = ({ posterTime, trimStart, trimEnd }: SectionFields) =>
  posterTime !== undefined || trimStart !== undefined || trimEnd !== undefined;

/** A trim is a loop's: refused for a player, whose stored trim is dropped. */
function checkLoopTrim(fields: SectionFields, playback: string): void {
  if (playback !== "loop" && (fields.trimStart != null || fields.trimEnd != null))
    throw new ApiError(400, timingMessages.trimNeedsLoop);
}

/**
 * Whether a new video's poster is taken from its own frames (docs/media.md "Poster and trim"):
 * without a poster file, at the `posterTime` sent, else at its first non-black picture, when its
 * frames can be read (on this server the encoder reads them; on Cloudinary it makes them of a video
 * whose size and length it reported). A poster file sent with its time is that frame already
 * (captured in the browser) and is kept; `removePoster`, or a video whose frames cannot be read,
 * gets the generated still.
 */
function posterFromFrames(form: SectionForm, video: StoredMedia): boolean {
  if (form.poster) return false;
  if (form.fields.posterTime !== undefined) return true;
  // removePoster asks for the generated still, as it does for a kept video.
  if (form.fields.removePoster) return false;
  return isLocalKey(video.key) || (isCloudinaryKey(video.key) && Boolean(video.video));
}

/**
 * The poster time and trim columns of a new video file, checked before anything is stored (without
 * a video file a time or a trim is refused); whether its poster comes from those frames is
 * posterFromFrames', once the file is stored.
 */
function newVideoTiming(form: SectionForm, playback: string): SectionPatch {
  const { posterTime, trimStart, trimEnd } = form.fields;
  if (!form.video) {
    if (sendsTiming(form.fields)) throw new ApiError(400, timingMessages.needsEncoding);
    return { posterFromVideo: false, posterTime: null, trimStart: null, trimEnd: null };
  }
  checkLoopTrim(form.fields, playback);
  const loop = playback === "loop";
  return {
    posterTime: posterTime ?? null,
    trimStart: loop ? (trimStart ?? null) : null,
    trimEnd: loop ? (trimEnd ?? null) : null,
  };
}

/**
 * The poster and trim columns of an edit that keeps its video: a poster time alone takes the poster
 * from that frame; a poster file (with its time or not), or removePoster (the generated still),
 * stops that. A change the encode depends on queues the video again (from its stored file).
 */
function keptVideoTiming(before: Section, after: Section, form: SectionForm): SectionPatch {
  const { posterTime, trimStart, trimEnd, removePoster } = form.fields;
  if (!after.videoKey || !(isLocalKey(after.videoKey) || after.videoMeta)) {
    // A Cloudinary video stored before its renditions were Cloudinary's: served as uploaded.
    if (sendsTiming(form.fields)) throw new ApiError(400, timingMessages.needsEncoding);
    return {};
  }
  const patch: SectionPatch = {};
  if (posterTime !== undefined) patch.posterTime = posterTime;
  if (form.poster || removePoster) patch.posterFromVideo = false;
  else if (posterTime !== undefined) patch.posterFromVideo = true;
  if (trimStart !== undefined) patch.trimStart = trimStart;
  if (trimEnd !== undefined) patch.trimEnd = trimEnd;
  const next = { ...after, ...patch };
  checkLoopTrim(form.fields, next.videoPlayback ?? DEFAULT_PLAYBACK);
  if (next.videoPlayback !== "loop") Object.assign(patch, { trimStart: null, trimEnd: null });
  else {
    const problem = trimProblem(next.trimStart, next.trimEnd, {
      duration: after.videoMeta?.duration,
    });
    if (problem) throw new ApiError(400, problem);
  }
  if (encodingChanged(before, { ...after, ...patch }))
    Object.assign(patch, { videoStatus: "processing", videoError: null });
  return patch;
}

/**
 * The patch for an edit: kept images (all but those listed as removed) plus the new ones, at most
 * 5 in all; a new video file clears the embed and a new embed clears the video file. The poster
 * follows its video: a new video brings its own (sent or generated), another Vimeo link or a
 * removed video drops the old one, and a poster alone replaces the current video's.
 */
function editPatch(
  before: Section,
  form: SectionForm,
  images: SectionImage[],
  video: StoredMedia | undefined,
  poster: StoredMedia | undefined,
  generated: StoredMedia | undefined,
  thumbnail: Thumbnail | null,
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
  const noPoster = { posterUrl: null, posterKey: null, posterPlaceholder: null };
  const noVideo = {
    videoUrl: null,
    videoKey: null,
    videoPlayback: null,
    videoStatus: null,
    videoError: null,
    videoRenditions: [],
    videoMeta: null,
    posterFromVideo: false,
    posterTime: null,
    trimStart: null,
    trimEnd: null,
  };
  if (removeVideo) Object.assign(patch, noVideo, noPoster, { videoEmbed: null });
  if (video) {
    const playback = form.fields.playback ?? before.videoPlayback ?? DEFAULT_PLAYBACK;
    Object.assign(patch, { videoUrl: video.url, videoKey: video.key, videoEmbed: null });
    Object.assign(patch, newVideoColumns(video));
    Object.assign(patch, { videoPlayback: playback });
  } else if (videoEmbed) {
    Object.assign(patch, noVideo, { videoEmbed });
    // The same link sent again (the form always sends it) keeps its poster; another drops it.
    if (videoEmbed !== before.videoEmbed || before.videoKey) Object.assign(patch, noPoster);
  } else if (videoEmbed === null) Object.assign(patch, noPoster, { videoEmbed: null });
  else if (form.fields.playback && !removeVideo && before.videoKey) {
    patch.videoPlayback = form.fields.playback;
  }
  if (poster) {
    const after = { ...before, ...patch };
    if (!after.videoUrl && !after.videoEmbed) throw new ApiError(400, messages.posterWithoutVideo);
    Object.assign(patch, {
      posterUrl: poster.url,
      posterKey: poster.key,
      posterPlaceholder: poster.placeholder ?? null,
    });
  } else if (form.fields.removePoster && !video) {
    // removePoster: an uploaded video gets the neutral generated still again, never a
    // black frame; a Vimeo link (or nothing) has no poster.
    const after = { ...before, ...patch };
    if (after.videoKey && generated)
      Object.assign(patch, {
        posterUrl: generated.url,
        posterKey: generated.key,
        posterPlaceholder: generated.placeholder ?? null,
      });
    else Object.assign(patch, noPoster);
  }
  if (video)
    Object.assign(patch, newVideoTiming(form, patch.videoPlayback ?? DEFAULT_PLAYBACK), {
      posterFromVideo: posterFromFrames(form, video),
    });
  else if (before.videoKey)
    Object.assign(patch, keptVideoTiming(before, { ...before, ...patch }, form));
  else if (sendsTiming(form.fields)) throw new ApiError(400, timingMessages.needsEncoding);
  const after = { ...before, ...patch };
  if (thumbnail && after.videoEmbed === thumbnail.link && !after.posterUrl) {
    Object.assign(patch, {
      posterUrl: thumbnail.media.url,
      posterKey: thumbnail.media.key,
      posterPlaceholder: thumbnail.media.placeholder ?? null,
    });
  }
  return { ...patch, ...cloudinaryVideoPatch({ ...before, ...patch }) };
}

/** What the columns of a section that cloudinaryVideoPatch reads may be in a write. */
type VideoColumns = Pick<
  SectionPatch,
  | "videoKey"
  | "videoUrl"
  | "videoMeta"
  | "videoPlayback"
  | "posterFromVideo"
  | "posterTime"
  | "trimStart"
  | "trimEnd"
>;

/**
 * A video on Cloudinary is ready once stored: its renditions (and, when the poster is taken from
 * the video, its poster) are URLs of Cloudinary's transformations for the section's choices
 * (docs/media.md "Media on Cloudinary"), written again with every write. One Cloudinary did not
 * report the size and duration of is served as uploaded, and takes no poster time nor trim.
 */
function cloudinaryVideoPatch(section: VideoColumns): SectionPatch {
  const { videoKey, videoUrl, videoMeta } = section;
  if (!videoKey || !videoUrl || !isCloudinaryKey(videoKey)) return {};
  if (!videoMeta) {
    if (section.posterFromVideo || section.trimStart != null || section.trimEnd != null)
      throw new ApiError(400, timingMessages.needsEncoding);
    return {};
  }
  const choices = {
    loop: section.videoPlayback === "loop",
    trimStart: section.trimStart ?? null,
    trimEnd: section.trimEnd ?? null,
  };
  const video = { url: videoUrl, key: videoKey, meta: videoMeta };
  const videoRenditions = renditionsOnCloudinary(video, choices);
  const poster = section.posterFromVideo
    ? {
        posterUrl: cloudinaryFrame(videoUrl, section.posterTime ?? null, videoMeta),
        posterKey: null,
        posterPlaceholder: null,
      }
    : {};
  return { videoStatus: "ready", videoError: null, videoRenditions, ...poster };
}

/** Vimeo's thumbnail of a link, stored before an edit's write for the link it was fetched for. */
type Thumbnail = { link: string; media: StoredMedia };

/**
 * The Vimeo link an edit leaves the section with when that link will have no poster (none sent,
 * none kept), so its thumbnail is worth fetching; null otherwise.
 */
function linkNeedingThumbnail(current: Section, form: SectionForm): string | null {
  const { videoEmbed, removeVideo, removePoster } = form.fields;
  if (form.poster || form.video || removeVideo || videoEmbed === null) return null;
  const link = videoEmbed || current.videoEmbed;
  if (!link) return null;
  const newLink = Boolean(videoEmbed) && (videoEmbed !== current.videoEmbed || !!current.videoKey);
  const posterKept = !newLink && !removePoster && Boolean(current.posterUrl);
  return posterKept ? null : link;
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

/** Media an edit no longer references: removed images, a replaced or cleared video or poster. */
function unreferencedKeys(before: Section, after: Section): string[] {
  const still = new Set(sectionMediaKeys(after));
  return sectionMediaKeys(before).filter((key): key is string => Boolean(key) && !still.has(key));
}

export async function updateSectionFromRequest(id: string, request: Request): Promise<Section> {
  // Checked before the upload is read, so a wrong id costs no disk writes.
  const current = await getSection(id);
  if (!current) throw new ApiError(404, messages.sectionNotFound);
  // The still a removed poster falls back to, made before the write (storage is not
  // transactional); the write uses it only if the section still has an uploaded video.
  let generated: StoredMedia | undefined;
  // Vimeo's thumbnail for a link left without a poster, fetched before the write likewise.
  let thumbnail: Thumbnail | null = null;
  const result = await withSectionForm(request, "edit", async (form) => {
    if (form.fields.removePoster && form.poster) throw new ApiError(400, messages.posterAndRemove);
    const { stored, images, video, poster } = await storeSectionMedia(form);
    if (form.fields.removePoster && !form.video && current.videoKey)
      generated = await addGeneratedPoster(stored);
    const link = linkNeedingThumbnail(current, form);
    const media = link ? await storeVimeoThumbnail(link) : null;
    if (link && media) {
      thumbnail = { link, media };
      stored.push(media);
    }
    // A refused write (a stale version among them) removes the stored files again.
    return commitWithMedia(stored, () =>
      updateSectionWith(
        id,
        (before) => editPatch(before, form, images, video, poster, generated, thumbnail),
        form.version,
      ).catch((error: unknown) => {
        // docs/spec.md §10: an edit that started from an older version overwrites nothing.
        if (error instanceof StaleVersionError) throw new ApiError(409, messages.sectionConflict);
        throw error;
      }),
    );
  });
  if (!result) throw new ApiError(404, messages.sectionNotFound);
  await syncVideoJob(result.before, result.after);
  await deleteMediaQuietly(unreferencedKeys(result.before, result.after));
  // A still made for removePoster that the write did not use (the video went in the meantime).
  if (generated && result.after.posterKey !== generated.key)
    await deleteMediaQuietly([generated.key]);
  const unused = thumbnail as Thumbnail | null;
  if (unused && result.after.posterKey !== unused.media.key)
    await deleteMediaQuietly([unused.media.key]);
  await invalidateProject(result.after.projectId);
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
    await invalidateProject(section.projectId);
    return section;
  }
  const section = await deleteSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  await deleteMediaQuietly(sectionMediaKeys(section));
  await invalidateProject(section.projectId);
  return section;
}

/** Takes a section out of the trash, back to its place; 404 when it is not in the trash. */
export async function restoreSectionById(id: string): Promise<Section> {
  const section = await restoreSection(id);
  if (!section) throw new ApiError(404, messages.sectionNotFound);
  await invalidateProject(section.projectId);
  return section;
}
