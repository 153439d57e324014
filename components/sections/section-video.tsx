import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";
import type { VideoPlayback } from "@/lib/domain";
import { optimizedImage, preloadLcpImage } from "@/lib/site/image-srcset";
import { columnSizes } from "@/lib/site/image-grid-layout";
import { LoopVideo, PlayerVideo, VimeoFacade } from "./lazy-videos";
import { VimeoFrame } from "./vimeo-frame";
import type { VideoSource } from "./video-still";

/** An encoded rendition of an uploaded video, smallest first. */
export type SectionRendition = { url: string; type: string; width: number };

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
 * The section's Vimeo embed when it has one, otherwise its uploaded video (docs/spec.md §2): a
 * player with controls, or a silent loop. A poster is the still shown until
 * it plays, drawn from the optimizer at the column's width; a Vimeo embed with a poster loads its
 * player only when asked to.
 */
export function SectionVideo({
  videoEmbed,
  videoUrl,
  videoRenditions = [],
  playback = "player",
  poster = null,
  posterPlaceholder = null,
  title,
  maxWidth,
  eager = false,
}: {
  videoEmbed: string | null;
  /** The best file of an uploaded video (its largest rendition once encoded). */
  videoUrl: string | null;
  videoRenditions?: readonly SectionRendition[];
  playback?: VideoPlayback;
  poster?: string | null;
  /** The poster's blur-up placeholder, drawn until the poster arrives. */
  posterPlaceholder?: string | null;
  title: string;
  /** The page column's largest width (lib/site/content-width.ts), for the poster's `sizes`. */
  maxWidth?: string;
  /** The page's first content (no images above it): a loop video's poster loads at once, first. */
  eager?: boolean;
}) {
  const player = videoEmbed ? toVimeoPlayerUrl(videoEmbed) : null;
  // A still drawn across the column: the optimizer's widths, chosen by the browser for its screen.
  const still = poster ? optimizedImage(poster, columnSizes(maxWidth)) : null;
  if (player && still) {
    return (
      <VimeoFacade
        src={player}
        title={`${title} (Vimeo video)`}
        poster={still}
        posterPlaceholder={posterPlaceholder}
        label="Play the video"
      />
    );
  }
  if (player) return <VimeoFrame src={player} title={`${title} (Vimeo video)`} />;
  if (!videoUrl) return null;
  if (still && eager) preloadLcpImage(still);
  const video = {
    src: videoUrl,
    sources: videoSources(videoRenditions),
    poster: still,
    posterPlaceholder,
    title: `${title} (video)`,
    eager,
  };
  return playback === "loop" ? <LoopVideo {...video} /> : <PlayerVideo {...video} />;
}
