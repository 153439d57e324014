"use client";

import { useState } from "react";
import { placeholderStyle } from "@/components/ui/placeholder-style";
import type { optimizedImage } from "@/lib/site/image-srcset";

/**
 * An uploaded video with controls and a still. The still is an `<img>` under the video (which is
 * transparent until it has a frame), not the video's `poster` attribute: a `poster` is one URL,
 * loaded at once and whole wherever the video is on the page, so every screen fetched the stored
 * full-size still. The `<img>` loads lazily (first, when the video opens the page) from the
 * optimizer at the width the device draws (srcset). Once the video has started it is removed, so
 * a still of another shape never shows beside the moving picture.
 */
export function PlayerVideo({
  src,
  still,
  posterPlaceholder,
  title,
  eager,
}: {
  src: string;
  /** The still as the server wrote it for the width the video is drawn at (src, srcset, sizes). */
  still: ReturnType<typeof optimizedImage>;
  /** The still's blur-up placeholder (issue 18.5), drawn until it arrives. */
  posterPlaceholder: string | null;
  title: string;
  /** The page's first content: the still loads at once, with high priority. */
  eager: boolean;
}) {
  const [started, setStarted] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-sm bg-black">
      {started ? null : (
        // eslint-disable-next-line @next/next/no-img-element -- next/image's own markup, without its client code
        <img
          alt=""
          {...still}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          data-blur={posterPlaceholder ? "" : undefined}
          style={placeholderStyle(posterPlaceholder, "contain")}
          className="absolute inset-0 h-full w-full object-contain text-transparent"
          data-testid="player-poster"
        />
      )}
      <video
        controls
        preload="none"
        playsInline
        src={src}
        aria-label={`${title} (video)`}
        onPlaying={() => setStarted(true)}
        className="relative h-full w-full"
      >
        <a href={src}>Download the video</a>
      </video>
    </div>
  );
}
