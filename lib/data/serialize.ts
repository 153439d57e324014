import "server-only";
import type { Project } from "./projects";
import type { Section } from "./sections";
import type { ContactMessage } from "./contact-messages";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { toLayout } from "@/lib/domain";
import { isCloudinaryKey } from "@/lib/storage/cloudinary";
import { cloudinaryPreview } from "@/lib/uploads/cloudinary-video";
import type { VideoMeta, VideoRendition } from "@/models";
import type { SiteSettings } from "@/lib/validation/site-settings";

/**
 * Who an answer is for. The project's `userId` (docs/spec.md §3) is the owner's auth user id: only
 * the owner, signed in, is told it; anyone else gets `null` in its place.
 */
export type Viewer = { owner: boolean };

/** A project in the REST contract's shape (docs/spec.md §3, MongoDB-style `_id`). */
export function toProjectJson(project: Project, viewer: Viewer) {
  return {
    _id: project.id,
    title: project.title,
    cover: project.coverUrl,
    // The cover loop: its best MP4 rendition once encoded, else the file as uploaded; "" when the
    // project has none. docs/api.md "Cover loops": its status, renditions and in and out points.
    coverVideo: project.coverVideoRenditions.at(-1)?.url ?? project.coverVideoUrl ?? "",
    coverVideoStatus: project.coverVideoUrl ? (project.coverVideoStatus ?? "ready") : null,
    coverVideoError: project.coverVideoError ?? null,
    coverVideoRenditions: renditionsOf(
      project.coverVideoRenditions,
      project.coverVideoUrl,
      project.coverVideoMeta,
    ),
    coverTrimStart: project.coverTrimStart,
    coverTrimEnd: project.coverTrimEnd,
    role: project.role,
    category: project.category,
    // Optional details: year is a number or null, client and summary "" when unset.
    year: project.year ?? null,
    client: project.client ?? "",
    summary: project.summary ?? "",
    coverFocal: { x: project.coverFocalX, y: project.coverFocalY },
    // The cover's blur-up preview, a data URL; null until one is made.
    coverPlaceholder: project.coverPlaceholder ?? null,
    userId: viewer.owner ? project.userId : null,
    // docs/spec.md §10: the version an edit sends back; when it was trashed, or null.
    version: project.version,
    deletedAt: project.deletedAt?.toISOString() ?? null,
    // Status and schedule (docs/spec.md §11) for the owner only; a password, or its hash, never
    // leaves. The schedule's bounds are ISO 8601 instants, or null when unset.
    ...(viewer.owner
      ? {
          status: project.status,
          hasPassword: project.passwordHash !== null,
          publishAt: project.publishAt?.toISOString() ?? null,
          unpublishAt: project.unpublishAt?.toISOString() ?? null,
          // The file a new encode of the cover loop starts from, whose seconds its in and out
          // points count (docs/api.md "Cover loops"); "" without a loop.
          coverVideoMaster: coverLoopMaster(project),
        }
      : {}),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

/**
 * The file the owner picks a cover loop's points on: the stored file, or on Cloudinary a playable
 * copy of it (lib/uploads/cloudinary-video.ts); "" without a loop, or for one on Cloudinary whose
 * length Cloudinary did not report (served as uploaded, it takes no points).
 */
function coverLoopMaster(project: Project): string {
  const { coverVideoUrl: url, coverVideoKey: key, coverVideoMeta: meta } = project;
  if (!url || !key || !isCloudinaryKey(key)) return url ?? "";
  return cloudinaryPlayable(url, key, meta);
}

/**
 * A stored video on Cloudinary as a playable copy of the whole file (lib/uploads/cloudinary-video.ts),
 * to pick a loop's points on; "" for any other video, or one whose length Cloudinary did not report
 * (served as uploaded, it takes no points).
 */
export function cloudinaryPlayable(
  url: string | null,
  key: string | null,
  meta: VideoMeta | null,
): string {
  return url && key && isCloudinaryKey(key) && meta ? cloudinaryPreview(url) : "";
}

/**
 * A video's renditions smallest first, without storage keys (a section's, or a project's cover
 * loop); a video that has none (not yet encoded, refused by the encoder, stored before encoding or
 * on Cloudinary) has its one file.
 */
function renditionsOf(
  renditions: VideoRendition[],
  videoUrl: string | null,
  meta: VideoMeta | null,
) {
  if (renditions.length > 0)
    return renditions.map(({ url, type, width, height, bytes }) => ({
      url,
      type,
      width,
      height,
      bytes,
    }));
  if (!videoUrl) return [];
  // What the encoder read, once it has; null for a file stored before encoding or on Cloudinary.
  return [
    {
      url: videoUrl,
      type: "video/mp4",
      width: meta?.width ?? null,
      height: meta?.height ?? null,
      bytes: meta?.bytes ?? null,
    },
  ];
}

/** A section in the REST contract's shape: `resources` is the comma-separated image URLs. */
export function toSectionJson(section: Section) {
  return {
    _id: section.id,
    title: section.title,
    description: section.description,
    resources: section.images.map((image) => image.url).join(","),
    images: section.images.map(({ url, width, height, alt, focalX, focalY, placeholder }) => ({
      url,
      width,
      height,
      alt,
      // Rows written before focal points read as the centre.
      focalX: focalX ?? DEFAULT_FOCAL.x,
      focalY: focalY ?? DEFAULT_FOCAL.y,
      // A blur-up preview (data URL), or null until one is made.
      placeholder: placeholder ?? null,
    })),
    layout: toLayout(section.layout),
    // The best (largest) rendition once encoded, else the file as uploaded.
    video: section.videoRenditions.at(-1)?.url ?? section.videoUrl ?? "",
    // docs/api.md "Video encoding": null (stored before encoding, or on Cloudinary) reads as ready.
    videoStatus: section.videoUrl ? (section.videoStatus ?? "ready") : null,
    videoError: section.videoError ?? null,
    videoRenditions: renditionsOf(section.videoRenditions, section.videoUrl, section.videoMeta),
    videoEmbed: section.videoEmbed ?? "",
    playback: section.videoPlayback ?? "player",
    poster: section.posterUrl ?? "",
    posterPlaceholder: section.posterPlaceholder ?? null,
    // docs/api.md "Poster and trim": the poster is (or will be, once encoded) the video's frame at
    // posterTime seconds (null: its first non-black frame); a loop keeps trimStart–trimEnd.
    posterFromVideo: section.posterFromVideo,
    posterTime: section.posterTime,
    trimStart: section.trimStart,
    trimEnd: section.trimEnd,
    project: section.projectId,
    version: section.version,
    deletedAt: section.deletedAt?.toISOString() ?? null,
    createdAt: section.createdAt.toISOString(),
    updatedAt: section.updatedAt.toISOString(),
  };
}

export type ProjectJson = ReturnType<typeof toProjectJson>;
export type SectionJson = ReturnType<typeof toSectionJson>;

/** A contact message as the inbox API answers it (docs/api.md "Messages"). */
export function toMessageJson(message: ContactMessage) {
  return {
    _id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    budget: message.budget,
    deadline: message.deadline,
    project: message.projectId
      ? { _id: message.projectId, title: message.projectTitle ?? "" }
      : null,
    folder: message.folder,
    spamReason: message.spamReason,
    read: message.readAt !== null,
    mailed: message.mailedAt !== null,
    createdAt: message.createdAt.toISOString(),
    deletedAt: message.deletedAt?.toISOString() ?? null,
  };
}

export type MessageJson = ReturnType<typeof toMessageJson>;

/**
 * The site settings as `GET /api/settings` answers everyone (docs/api.md#settings): an encoded
 * showreel names its best rendition as `showreelVideoUrl` and `showreelVideoKey`, as a section's
 * `video` does, never the master kept beside it (a file of up to gigabytes that no page plays).
 * The owner's save answers the stored settings whole.
 */
export function toPublicSettingsJson(settings: SiteSettings): SiteSettings {
  const best = settings.showreelVideoRenditions.at(-1);
  if (!best || !settings.showreelVideoUrl) return settings;
  return { ...settings, showreelVideoUrl: best.url, showreelVideoKey: best.key };
}
