import "server-only";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings, updateSiteSettingsWith } from "@/lib/data/settings";
import { syncReelJob } from "@/lib/data/video-jobs";
import { deleteMediaQuietly, type StoredMedia } from "@/lib/storage";
import { isCloudinaryKey } from "@/lib/storage/cloudinary";
import { cloudinaryFrame } from "@/lib/uploads/cloudinary-video";
import { isLocalKey } from "@/lib/storage/local";
import { coverRule, posterRule, videoRule } from "@/lib/validation/uploads";
import { messages } from "@/lib/validation/messages";
import {
  parseSettingsFields,
  NO_REEL_VIDEO,
  type ReelVideoFields as ReelVideo,
  type SettingsImage,
  type SiteSettings,
} from "@/lib/validation/site-settings";
import {
  commitWithMedia,
  renditionsOnCloudinary,
  storeUploads,
  storedVideoMeta,
  withUploadForm,
  type MediaItem,
} from "./media";
import { storeVideoPoster } from "./poster";
import { ApiError } from "./respond";
import { storeVimeoThumbnail } from "./vimeo-thumbnail";

/** A settings image's URL, key and blur-up placeholder. */
type ImageFields<P extends SettingsImage> = Record<`${P}Url`, string> &
  Record<`${P}Key` | `${P}Placeholder`, string | null>;

/** An image's fields after a save: the new file's, none when removed, else the current ones. */
function imageAfterSave<P extends SettingsImage>(
  image: P,
  current: SiteSettings,
  file: StoredMedia | undefined,
  remove: boolean,
): ImageFields<P> {
  const [url, key, placeholder] = [`${image}Url`, `${image}Key`, `${image}Placeholder`] as const;
  const [urlValue, keyValue, placeholderValue] = file
    ? [file.url, file.key, file.placeholder ?? null]
    : remove
      ? ["", null, null]
      : [current[url], current[key], current[placeholder]];
  return { [url]: urlValue, [key]: keyValue, [placeholder]: placeholderValue } as ImageFields<P>;
}

/**
 * The Reel's poster made for a save that leaves the Reel with a video and no poster file: Vimeo's
 * thumbnail of a link (none when Vimeo does not answer in time), an uploaded video's frame at
 * `time` (by default its first non-black picture; the generated neutral still when none can be
 * read).
 */
async function automaticReelPoster(
  link: string,
  videoKey: string | null,
  time: number | null | undefined,
  posterKept: boolean,
): Promise<StoredMedia | null> {
  if (posterKept) return null;
  if (link) return storeVimeoThumbnail(link);
  if (videoKey) return storeVideoPoster(videoKey, time ?? null, time !== undefined);
  return null;
}

/**
 * A newly stored showreel video's fields, as a section video's (docs/media.md "The showreel"): on
 * this server it is encoded into the renditions ladder (processing until then); on Cloudinary its
 * renditions are Cloudinary's transformations of it, ready at once, when Cloudinary reported its
 * size and length (else it plays as uploaded, as a section's).
 */
function newReelVideo(video: StoredMedia): ReelVideo {
  const meta = video.video ?? null;
  const onCloudinary = isCloudinaryKey(video.key) && meta;
  return {
    showreelVideoUrl: video.url,
    showreelVideoKey: video.key,
    showreelVideoStatus: isLocalKey(video.key) ? "processing" : onCloudinary ? "ready" : null,
    showreelVideoError: null,
    showreelVideoRenditions: onCloudinary
      ? renditionsOnCloudinary(
          { url: video.url, key: video.key, meta },
          { loop: false, trimStart: null, trimEnd: null },
        )
      : [],
    showreelVideoMeta: meta,
  };
}

/** The stored files of the showreel video in `settings`: the file, and its renditions. */
const reelVideoKeys = (settings: SiteSettings) => [
  settings.showreelVideoKey,
  ...settings.showreelVideoRenditions.map((rendition) => rendition.key),
];

/**
 * Saves a settings form (multipart text fields; optional `portrait` and `showreelPoster` files with
 * the cover rules, or `removePortrait=true` / `removeShowreelPoster=true`; an optional
 * `showreelVideo` mp4 with the section video rules, or a finished resumable upload of a master in
 * `showreelVideoUpload`, or `removeShowreelVideo=true`). The Reel is either a Vimeo link or an
 * uploaded video: a file sent with a link is refused, a link saved drops the stored video. An
 * uploaded video is encoded as a section's (the queue's job follows the save). Its poster follows
 * it as a section's does: another video (a new link or file) drops the old poster unless one is
 * sent, and a Reel video left without a poster gets one made (Vimeo's thumbnail, its first
 * non-black picture, or the generated still); `showreelPosterTime` alone takes the poster from that
 * frame of the Reel's video stored on this server. The images kept or replaced are read under the
 * settings row's lock, so of two concurrent saves each deletes the files the other stored before
 * it, never leaving an orphan file. A failed save removes the new files again.
 */
export async function saveSettingsFromRequest(request: Request): Promise<SiteSettings> {
  const rules = { portrait: coverRule, showreelPoster: posterRule, showreelVideo: videoRule };
  // The Reel's mp4 may come as a reference to a direct upload (docs/api.md#direct-uploads), or its
  // master as a resumable upload (docs/api.md#resumable-uploads).
  const resumable = { showreelVideoUpload: { field: "showreelVideo", kind: "video" } } as const;
  return withUploadForm(
    request,
    rules,
    { showreelVideo: "video" },
    async (form, references) => {
      const fields = parseSettingsFields(form.fields);
      if (!fields.ok) throw new ApiError(400, fields.message);
      const {
        removePortrait,
        removeShowreelPoster,
        removeShowreelVideo,
        showreelPosterTime,
        appearance,
        ...text
      } = fields.value;
      if ((references.showreelVideo?.length ?? 0) > 1)
        throw new ApiError(400, messages.invalidForm);
      const portraitFile = form.files.portrait?.[0];
      const posterFile = form.files.showreelPoster?.[0];
      const videoFile: MediaItem | undefined =
        form.files.showreelVideo?.[0] ?? references.showreelVideo?.[0];
      if (videoFile && text.showreelUrl) throw new ApiError(400, messages.eitherVideoOrEmbed);
      const current = await getSiteSettings();
      const files = [portraitFile, posterFile, videoFile];
      const sent = await storeUploads(files.filter((file) => !!file));
      let index = 0;
      const [portrait, poster, video] = files.map((file) => (file ? sent[index++] : undefined));
      // What the encoder reads of a file stored here (its codec decides what /reel plays while
      // it encodes); the probe is cached, so the poster's frame search reads it once.
      if (video && isLocalKey(video.key)) video.video = await storedVideoMeta(video.key);
      const link = text.showreelUrl;
      // The mp4 stays while no link replaces it and it is not removed.
      const keepsVideo = !link && !removeShowreelVideo;
      // Another video or link than `settings` hold: a new Reel.
      const newReelFor = (settings: SiteSettings) =>
        Boolean(video) || (Boolean(link) && link !== settings.showreelUrl);
      const newReel = newReelFor(current);
      // A poster time alone asks for that frame of the Reel's video, new or kept; with a poster
      // file (the frame the owner's browser captured) the file is the poster.
      const framePicked = showreelPosterTime !== undefined && !poster;
      const posterKept =
        Boolean(poster) ||
        (!framePicked && !removeShowreelPoster && !newReel && !!current.showreelPosterUrl);
      // The stored video the Reel has after this save: the new one, the one kept, or none.
      const reel = video
        ? { key: video.key, url: video.url, meta: video.video ?? null }
        : keepsVideo && current.showreelVideoKey
          ? {
              key: current.showreelVideoKey,
              url: current.showreelVideoUrl,
              meta: current.showreelVideoMeta,
            }
          : null;
      // On Cloudinary the picked frame is Cloudinary's picture of the video at that time, named by
      // its URL, as a section's poster frame is (docs/media.md "Media on Cloudinary").
      const cloudFrame =
        framePicked && reel?.meta && isCloudinaryKey(reel.key)
          ? cloudinaryFrame(reel.url, showreelPosterTime ?? null, reel.meta)
          : null;
      const stored = [...sent];
      let automatic: StoredMedia | null = null;
      try {
        if (framePicked && !cloudFrame && (link || !reel || !isLocalKey(reel.key)))
          throw new ApiError(400, messages.reelPosterTimeNeedsVideo);
        automatic = await automaticReelPoster(
          link,
          reel?.key ?? null,
          framePicked ? showreelPosterTime : undefined,
          posterKept || Boolean(cloudFrame),
        );
      } catch (error) {
        await deleteMediaQuietly(stored.map((media) => media.key));
        throw error;
      }
      if (automatic) stored.push(automatic);
      const saved = await commitWithMedia(stored, () =>
        updateSiteSettingsWith((before) => {
          // A kept video keeps its fields as they are now (its encode may have finished meanwhile).
          const reelVideo: Partial<ReelVideo> = video
            ? newReelVideo(video)
            : keepsVideo
              ? {}
              : NO_REEL_VIDEO;
          // A new video or link is published now; a kept one keeps its date; no Reel has none.
          // Read from the locked row, so a save from another tab in between counts.
          const kept = keepsVideo && Boolean(before.showreelVideoKey);
          const showreelSince =
            !video && !link && !kept
              ? null
              : newReelFor(before)
                ? new Date().toISOString()
                : before.showreelSince;
          return {
            ...before,
            ...text,
            ...appearance,
            ...reelVideo,
            showreelSince,
            ...imageAfterSave("portrait", before, portrait, removePortrait),
            ...(cloudFrame
              ? {
                  showreelPosterUrl: cloudFrame,
                  showreelPosterKey: null,
                  showreelPosterPlaceholder: null,
                }
              : imageAfterSave(
                  "showreelPoster",
                  before,
                  poster ?? automatic ?? undefined,
                  removeShowreelPoster || !posterKept,
                )),
          };
        }),
      );
      if (!saved) throw new Error("Settings were not saved");
      // Only after the commit: a replaced portrait, poster or video (its renditions too) is no
      // longer referenced.
      const { before, after } = saved;
      // The encoding queue follows the showreel: a new video on this server is queued, a removed
      // or replaced one's job dropped (a running encode stops at its next heartbeat).
      await syncReelJob();
      const keys = ["portraitKey", "showreelPosterKey"] as const;
      await deleteMediaQuietly(
        keys.map((key) => (before[key] !== after[key] ? before[key] : null)),
      );
      const kept = new Set(reelVideoKeys(after));
      await deleteMediaQuietly([...new Set(reelVideoKeys(before))].filter((key) => !kept.has(key)));
      await invalidateSettings();
      return saved.after;
    },
    resumable,
  );
}
