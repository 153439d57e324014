import { capWidth } from "./image-grid-layout";
import { optimizedImageAt } from "./image-srcset";

/** An encoded rendition of an uploaded video, smallest first (a section's, or a cover loop's). */
export type SectionRendition = { url: string; type: string; width: number };

/** A section video's box: its own aspect ratio, and the widest it may be drawn. */
export type VideoShape = { aspectRatio: string; maxWidth: string };

/**
 * The box of an uploaded video of `size` in the column: the video's own shape, at most
 * TALL_CAP_VH of the window tall and centred, as an image alone on its row (a vertical or square
 * film is then neither cropped to a band nor drawn small in a wide black frame); null, the 16:9
 * box, while its size is unknown.
 */
export function videoShape(size: { width: number; height: number } | null): VideoShape | null {
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  return {
    aspectRatio: `${size.width} / ${size.height}`,
    maxWidth: capWidth(size.width / size.height),
  };
}

/** The classes of a video's box beside its `shape` style: centred in its own shape, or 16:9. */
export function shapeClass(shape: VideoShape | null | undefined): string {
  return shape ? "mx-auto" : "aspect-video";
}

/** One encoded rendition as a `<source>`: smallest first, each but the last for screens up to its width. */
export type VideoSource = { src: string; type: string; media?: string };

/**
 * The `<source>` list of a video with several renditions (docs/spec.md "Video encoding"): the
 * smallest one adequate for the screen first, each but the largest for screens up to its own
 * width in CSS pixels (a 375 px phone gets 480p, a 1440 px desktop 1080p).
 */
export function videoSources(renditions: readonly SectionRendition[]): VideoSource[] | undefined {
  if (renditions.length < 2) return undefined;
  return renditions.map((rendition, index) => ({
    src: rendition.url,
    type: rendition.type,
    ...(index < renditions.length - 1 ? { media: `(max-width: ${rendition.width}px)` } : {}),
  }));
}

/**
 * Whether a section's uploaded video plays as uploaded until its renditions are ready
 * (docs/media.md#video-encoding): an mp4 in H.264, which every browser plays, or one whose codec
 * was never read (stored before codecs were, or unreadable). Any other (HEVC, a ProRes or mkv
 * master) shows its poster meanwhile.
 */
export function playsAsUploaded({
  videoUrl,
  videoMeta,
}: {
  videoUrl: string | null;
  videoMeta: { codec: string } | null;
}): boolean {
  return Boolean(videoUrl?.endsWith(".mp4")) && (!videoMeta || videoMeta.codec === "h264");
}

/** What a page plays of an uploaded video: its best file, its `<source>` renditions and its size. */
export type UploadedVideoView = {
  videoUrl: string | null;
  videoRenditions: SectionRendition[];
  videoSize: { width: number; height: number } | null;
};

/**
 * What a page plays of a stored uploaded video (a section's, the showreel): the largest rendition
 * once encoded, else the file as uploaded when every browser plays it (an H.264 mp4), else none
 * (HEVC, ProRes: its poster shows meanwhile); its renditions; its picture size. `mediaUrl` maps
 * each stored URL to the one the page names (a restricted file's query).
 */
export function uploadedVideoView(
  video: {
    videoUrl: string | null;
    videoMeta: { codec: string; width: number; height: number } | null;
    videoRenditions: readonly { url: string; type: string; width: number; height: number }[];
  },
  mediaUrl: (url: string) => string = (url) => url,
): UploadedVideoView {
  const best = video.videoRenditions.at(-1);
  // The largest rendition's picture (the encoder turns a rotated phone video upright), else what
  // the upload's probe read.
  const file = best?.url ?? (playsAsUploaded(video) ? video.videoUrl : null);
  const picture = best ?? video.videoMeta;
  return {
    videoUrl: file && mediaUrl(file),
    videoRenditions: video.videoRenditions.map(({ url, type, width }) => ({
      url: mediaUrl(url),
      type,
      width,
    })),
    videoSize: picture ? { width: picture.width, height: picture.height } : null,
  };
}

/** The uploaded showreel of the site settings, as uploadedVideoView takes a stored video. */
export function reelVideo(settings: {
  showreelVideoUrl: string;
  showreelVideoMeta: { codec: string; width: number; height: number } | null;
  showreelVideoRenditions: readonly { url: string; type: string; width: number; height: number }[];
}) {
  return {
    videoUrl: settings.showreelVideoUrl || null,
    videoMeta: settings.showreelVideoMeta,
    videoRenditions: settings.showreelVideoRenditions,
  };
}

/** An uploaded video on a review page (components/sections/review-client.tsx, ReviewPlayer). */
export type ReviewVideo = {
  /** The file the project page plays; null while it has none (a master that encodes). */
  src: string | null;
  sources?: VideoSource[];
  /** The poster, one optimizer URL (a `poster` attribute takes one). */
  poster: string | null;
  shape: VideoShape | null;
  title: string;
  /** The file as uploaded, when the link lets the reviewer download it. */
  download: string | null;
  /** Nothing playable yet because it encodes (not because its encode failed). */
  preparing: boolean;
};

/** The width of a review's poster: the review column (68rem at most) on a 1× screen, a phone on 2×+. */
const REVIEW_POSTER_WIDTH = 1200;

/**
 * A section video on a review page, from what the project page shows of it (sectionViewData):
 * the same renditions (a master of hundreds of MB, or one browsers cannot play, is never streamed
 * to the reviewer), in its own shape, under its poster.
 */
export function reviewVideo(
  view: {
    videoUrl: string | null;
    videoRenditions?: readonly SectionRendition[];
    videoSize?: { width: number; height: number } | null;
    poster?: string | null;
  },
  { title, download, status }: { title: string; download: string | null; status: string | null },
): ReviewVideo {
  return {
    src: view.videoUrl,
    sources: videoSources(view.videoRenditions ?? []),
    poster: view.poster ? optimizedImageAt(view.poster, REVIEW_POSTER_WIDTH) : null,
    shape: videoShape(view.videoSize ?? null),
    title,
    download,
    preparing: !view.videoUrl && status === "processing",
  };
}
