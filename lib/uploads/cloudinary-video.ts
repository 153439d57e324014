import "server-only";
import type { VideoMeta, VideoRendition } from "@/models";
import { encodeSpan, renditionRungs, renditionSize } from "./encode";

/**
 * A video on Cloudinary is not encoded here: its renditions and poster are URLs of Cloudinary's
 * own video transformations of the stored file (docs/media.md "Media on Cloudinary"), made when
 * they are first asked for and cached by Cloudinary's CDN. The ladder is the local encoder's:
 * the same rungs, sizes and bitrate caps, H.264 MP4, a loop muted (`ac_none`) and cut to its span
 * (`so_`/`eo_`, frame-accurate as the local encode). A section video and a project's cover loop
 * alike.
 */

export type CloudinaryVideoChoices = {
  loop: boolean;
  trimStart: number | null;
  trimEnd: number | null;
};

/** The URL of `url` (a `…/video/upload/v<n>/<public id>.<ext>` one) through `steps`, as `extension`. */
function transformed(url: string, steps: string[], extension: string): string {
  const [base, ...rest] = url.split("/video/upload/");
  const path = rest.join("/video/upload/").replace(/\.[A-Za-z0-9]+$/, "");
  return `${base}/video/upload/${steps.join("/")}/${path}.${extension}`;
}

/** Seconds as Cloudinary takes them: at most three decimals. */
const seconds = (value: number) => String(Number(value.toFixed(3)));

/** `so_…,eo_…` of a loop's span; null for a player (the whole video). */
function spanStep(meta: VideoMeta, choices: CloudinaryVideoChoices): string | null {
  if (!choices.loop) return null;
  const span = encodeSpan(meta, { trimStart: choices.trimStart, trimEnd: choices.trimEnd });
  return `so_${seconds(span.start)},eo_${seconds(span.start + span.frames / span.fps)}`;
}

/** The renditions of a stored Cloudinary video, smallest first, as the local encoder's ladder. */
export function cloudinaryRenditions(
  video: { url: string; key: string; meta: VideoMeta },
  choices: CloudinaryVideoChoices,
): VideoRendition[] {
  const span = spanStep(video.meta, choices);
  return renditionRungs(video.meta).map((rung) => {
    const { width, height } = renditionSize(video.meta, rung);
    const codec = `vc_h264,br_${rung.maxrate}k,q_auto${choices.loop ? ",ac_none" : ""}`;
    const steps = [...(span ? [span] : []), `c_limit,w_${width},h_${height}`, codec];
    return {
      url: transformed(video.url, steps, "mp4"),
      // The stored video's key: destroying it on Cloudinary takes its derived files too.
      key: video.key,
      type: "video/mp4",
      width,
      height,
      // Cloudinary makes a rendition when it is first asked for: its size is not known before.
      bytes: null,
    };
  });
}

/**
 * A frame of a stored Cloudinary video as a JPEG: at `time` seconds; with null the first non-black
 * one, as the local encoder takes it, when this server found it before sending the file
 * (`meta.firstPicture`), else the frame Cloudinary picks as the most representative (`so_auto`).
 */
export function cloudinaryFrame(
  url: string,
  time: number | null,
  meta: Pick<VideoMeta, "firstPicture">,
): string {
  const at = time ?? meta.firstPicture ?? null;
  return transformed(url, [at === null ? "so_auto" : `so_${seconds(at)}`], "jpg");
}

/**
 * A stored Cloudinary video whole, as a small muted H.264 MP4 every browser plays, on the stored
 * file's own timeline: what the owner picks a cover loop's in and out points on.
 */
export function cloudinaryPreview(url: string): string {
  return transformed(url, ["c_limit,w_640,h_640", "vc_h264,q_auto,ac_none"], "mp4");
}
