"use client";

import { useEffect, useRef, useState } from "react";
import { PlayDisc } from "./play-disc";
import { shapeClass } from "@/lib/site/video-sources";
import { VideoStill, type UploadedVideoProps } from "./video-still";

/**
 * An uploaded video with controls. Its still (every uploaded video has one, docs/spec.md) is a
 * VideoStill over the video rather than its `poster` attribute, which fetched the stored full-size
 * file at once on every screen. Until it plays, the still shows whole with a large play control:
 * a click or tap anywhere on the picture, or Enter or Space, starts it, and the video's own
 * controls take over (the still goes, so one of another shape never shows beside the moving
 * picture). A video without a still (seeded or older data) shows its controls and loads its
 * metadata for a first frame instead.
 */
export function PlayerVideo({
  src,
  sources,
  poster,
  posterPlaceholder = null,
  title,
  eager = false,
  shape = null,
}: UploadedVideoProps) {
  const [started, setStarted] = useState(!poster);
  const video = useRef<HTMLVideoElement>(null);
  // Started from the play control, which then goes: the keyboard focus moves to the video, whose
  // controls can take it only once they are drawn.
  const focusOnStart = useRef(false);
  useEffect(() => {
    if (!started || !focusOnStart.current) return;
    focusOnStart.current = false;
    video.current?.focus();
  }, [started]);
  const start = () => {
    focusOnStart.current = true;
    setStarted(true);
    void video.current?.play().catch(() => {
      // Refused (no media, or the browser's autoplay rules): its controls are there to try again.
    });
  };
  return (
    <div
      className={`relative w-full overflow-hidden rounded-sm bg-black ${shapeClass(shape)}`}
      style={shape ?? undefined}
    >
      <video
        ref={video}
        controls={started}
        preload={poster ? "none" : "metadata"}
        playsInline
        src={sources ? undefined : src}
        aria-label={title}
        onPlay={() => setStarted(true)}
        className="relative h-full w-full"
      >
        {sources?.map((source) => (
          <source key={source.src} {...source} />
        ))}
        <a href={src}>Download the video</a>
      </video>
      {poster && !started ? (
        <>
          <VideoStill
            image={poster}
            placeholder={posterPlaceholder}
            eager={eager}
            fit="contain"
            testId="player-poster"
          />
          <button
            type="button"
            onClick={start}
            aria-label={`Play ${title}`}
            className="group absolute inset-0 flex items-center justify-center focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          >
            <PlayDisc />
          </button>
        </>
      ) : null}
    </div>
  );
}
