"use client";

import { useState } from "react";
import { VideoStill, type UploadedVideoProps } from "./video-still";

/**
 * An uploaded video with controls. Its still (every uploaded video has one, docs/spec.md) is a
 * VideoStill under the video rather than its `poster` attribute, which fetched the stored
 * full-size file at once on every screen; it is removed once the video plays, so a still of
 * another shape never shows beside the moving picture. A video without a still (seeded or older
 * data) loads its metadata for a first frame instead.
 */
export function PlayerVideo({
  src,
  poster,
  posterPlaceholder = null,
  title,
  eager = false,
}: UploadedVideoProps) {
  const [started, setStarted] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-sm bg-black">
      {poster && !started ? (
        <VideoStill
          image={poster}
          placeholder={posterPlaceholder}
          eager={eager}
          fit="contain"
          testId="player-poster"
        />
      ) : null}
      <video
        controls
        preload={poster ? "none" : "metadata"}
        playsInline
        src={src}
        aria-label={title}
        onPlaying={() => setStarted(true)}
        className="relative h-full w-full"
      >
        <a href={src}>Download the video</a>
      </video>
    </div>
  );
}
