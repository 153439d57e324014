import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";
import type { VideoPlayback } from "@/lib/domain";
import { optimizedImage, preloadLcpImage } from "@/lib/site/image-srcset";
import { columnSizes, tileSizes } from "@/lib/site/image-grid-layout";
import { LoopVideo, PlayerVideo, VimeoFacade } from "./lazy-videos";
import { VideoStill } from "./video-still";
import {
  shapeClass,
  videoShape,
  videoSources,
  type SectionRendition,
} from "@/lib/site/video-sources";

export type { SectionRendition };

/**
 * The section's Vimeo embed when it has one, otherwise its uploaded video (docs/spec.md §2): a
 * player with controls, or a silent loop, in a box of the video's own shape when its size is known
 * (16:9 otherwise). A poster is the still shown until it plays, drawn from the optimizer at the
 * box's width; a Vimeo embed loads its player only when asked to (a dark box until then when it
 * has no poster).
 */
export function SectionVideo({
  videoEmbed,
  videoUrl,
  videoRenditions = [],
  videoSize = null,
  playback = "player",
  poster = null,
  posterPlaceholder = null,
  title,
  maxWidth,
  eager = false,
}: {
  videoEmbed: string | null;
  /**
   * The best file of an uploaded video (its largest rendition once encoded); null while a video
   * browsers cannot play as uploaded encodes, whose poster then shows alone.
   */
  videoUrl: string | null;
  videoRenditions?: readonly SectionRendition[];
  /** The uploaded video's picture size, when known. */
  videoSize?: { width: number; height: number } | null;
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
  const shape = player ? null : videoShape(videoSize);
  // A still drawn across its box: the optimizer's widths, chosen by the browser for its screen.
  const still = poster
    ? optimizedImage(
        poster,
        shape
          ? tileSizes(1, 0, videoSize!.width, videoSize!.height, maxWidth)
          : columnSizes(maxWidth),
      )
    : null;
  if (player) {
    // Nothing is loaded from Vimeo until the visitor presses play (the Privacy page says so).
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
  if (still && eager) preloadLcpImage(still);
  if (!videoUrl) {
    // A poster without a playable file: an uploaded video that encodes, and that browsers cannot
    // all play as uploaded (ProRes, HEVC). Its still holds the video's place, without a player.
    if (!still) return null;
    const loop = playback === "loop";
    return (
      <div
        className={`relative w-full overflow-hidden rounded-sm ${shapeClass(shape)} ${loop ? "bg-stone-200" : "bg-black"}`}
        style={shape ?? undefined}
      >
        <VideoStill
          image={still}
          placeholder={posterPlaceholder}
          eager={eager}
          fit={loop ? "cover" : "contain"}
          testId="encoding-poster"
        />
      </div>
    );
  }
  const video = {
    src: videoUrl,
    sources: videoSources(videoRenditions),
    poster: still,
    posterPlaceholder,
    title: `${title} (video)`,
    eager,
    shape,
  };
  return playback === "loop" ? <LoopVideo {...video} /> : <PlayerVideo {...video} />;
}
