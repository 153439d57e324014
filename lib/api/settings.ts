import "server-only";
import { invalidateSettings } from "@/lib/cache";
import { getSiteSettings, updateSiteSettingsWith } from "@/lib/data/settings";
import { deleteMediaQuietly, type StoredMedia } from "@/lib/storage";
import { isLocalKey } from "@/lib/storage/local";
import { playsAsUploaded } from "@/lib/site/video-sources";
import { coverRule, posterRule, videoRule } from "@/lib/validation/uploads";
import { messages } from "@/lib/validation/messages";
import {
  parseSettingsFields,
  type SettingsImage,
  type SiteSettings,
} from "@/lib/validation/site-settings";
import {
  commitWithMedia,
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
 * The Reel's poster made for a save that leaves the Reel with a video and no poster: Vimeo's
 * thumbnail of a link (none when Vimeo does not answer in time), an uploaded mp4's first non-black
 * picture (the generated neutral still when none can be read).
 */
async function automaticReelPoster(
  current: SiteSettings,
  link: string,
  video: StoredMedia | undefined,
  keepsVideo: boolean,
  posterKept: boolean,
): Promise<StoredMedia | null> {
  if (posterKept) return null;
  if (link) return storeVimeoThumbnail(link);
  const videoKey = video?.key ?? (keepsVideo ? current.showreelVideoKey : null);
  if (videoKey) return storeVideoPoster(videoKey);
  return null;
}

/**
 * Saves a settings form (multipart text fields; optional `portrait` and `showreelPoster` files with
 * the cover rules, or `removePortrait=true` / `removeShowreelPoster=true`; an optional
 * `showreelVideo` mp4 with the section video rules, or `removeShowreelVideo=true`). The Reel is
 * either a Vimeo link or an uploaded mp4: a file sent with a link is refused, a link saved drops
 * the stored mp4. Its poster follows it as a section's does: another video (a new link or mp4)
 * drops the old poster unless one is sent, and a Reel video left without a poster gets one made
 * (Vimeo's thumbnail, its first non-black picture, or the generated still); an mp4 that is not
 * H.264 is refused with 415. The images kept or replaced are read under the
 * settings row's lock, so of two concurrent saves each deletes the files the other stored before
 * it, never leaving an orphan file. A failed save removes the new files again.
 */
export async function saveSettingsFromRequest(request: Request): Promise<SiteSettings> {
  const rules = { portrait: coverRule, showreelPoster: posterRule, showreelVideo: videoRule };
  // The Reel's mp4 may come as a reference to a direct upload (docs/api.md#direct-uploads).
  return withUploadForm(request, rules, { showreelVideo: "video" }, async (form, references) => {
    const fields = parseSettingsFields(form.fields);
    if (!fields.ok) throw new ApiError(400, fields.message);
    const { removePortrait, removeShowreelPoster, removeShowreelVideo, appearance, ...text } =
      fields.value;
    if ((references.showreelVideo?.length ?? 0) > 1) throw new ApiError(400, messages.invalidForm);
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
    const link = text.showreelUrl;
    // The mp4 stays while no link replaces it and it is not removed.
    const keepsVideo = !link && !removeShowreelVideo;
    const newReel = Boolean(video) || (Boolean(link) && link !== current.showreelUrl);
    const posterKept =
      Boolean(poster) || (!removeShowreelPoster && !newReel && !!current.showreelPosterUrl);
    const stored = [...sent];
    let automatic: StoredMedia | null = null;
    try {
      // The Reel plays as uploaded (it is not encoded, unlike a section's video): stored on this
      // server it must be what every browser plays, as a section's video must be meanwhile. One
      // ffmpeg cannot read passed the content check and is kept (its poster: the generated still).
      if (video && isLocalKey(video.key)) {
        const videoMeta = await storedVideoMeta(video.key);
        if (!playsAsUploaded({ videoUrl: video.url, videoMeta }))
          throw new ApiError(415, messages.reelNotH264);
      }
      automatic = await automaticReelPoster(current, link, video, keepsVideo, posterKept);
    } catch (error) {
      await deleteMediaQuietly(stored.map((media) => media.key));
      throw error;
    }
    if (automatic) stored.push(automatic);
    const saved = await commitWithMedia(stored, () =>
      updateSiteSettingsWith((before) => {
        const reelVideo: Pick<SiteSettings, "showreelVideoUrl" | "showreelVideoKey"> = video
          ? { showreelVideoUrl: video.url, showreelVideoKey: video.key }
          : keepsVideo
            ? {
                showreelVideoUrl: before.showreelVideoUrl,
                showreelVideoKey: before.showreelVideoKey,
              }
            : { showreelVideoUrl: "", showreelVideoKey: null };
        return {
          ...before,
          ...text,
          ...appearance,
          ...reelVideo,
          ...imageAfterSave("portrait", before, portrait, removePortrait),
          ...imageAfterSave(
            "showreelPoster",
            before,
            poster ?? automatic ?? undefined,
            removeShowreelPoster || !posterKept,
          ),
        };
      }),
    );
    if (!saved) throw new Error("Settings were not saved");
    // Only after the commit: a replaced portrait, poster or video is no longer referenced.
    const { before, after } = saved;
    const keys = ["portraitKey", "showreelPosterKey", "showreelVideoKey"] as const;
    await deleteMediaQuietly(keys.map((key) => (before[key] !== after[key] ? before[key] : null)));
    await invalidateSettings();
    return saved.after;
  });
}
