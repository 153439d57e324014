"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { PlayDisc } from "./play-disc";
import { shapeClass } from "@/lib/site/video-sources";
import { VideoStill, type UploadedVideoProps } from "./video-still";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * An uploaded video set to play as a silent loop: muted, looping, inline, no
 * controls. No video bytes are fetched until it comes within one viewport of being visible
 * (`preload="none"` and no `src` until then); it plays only while in view and pauses out of it.
 * Under `prefers-reduced-motion` it never starts by itself: the poster stays, with a play button.
 * A pause button is always there, since motion that lasts more than 5 seconds must be stoppable
 * (WCAG 2.2.2).
 *
 * The poster is an `<img>` under the video (which is transparent until it has a frame), not only
 * the video's `poster` attribute: a `poster` loads at once, whole, wherever the video is on the
 * page, so a page of loop videos fetched every full-size still on arrival. The `<img>` loads lazily
 * (at once, first, when the video is the page's first content) and at the width the device draws
 * (srcset), and the video's `poster` then names the file it loaded (no second download).
 */
export function LoopVideo({
  src,
  sources,
  poster,
  posterPlaceholder = null,
  title,
  eager = false,
  shape = null,
}: UploadedVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const still = useRef<HTMLImageElement>(null);
  /** The file the poster `<img>` loaded, once it has: the video's own `poster`. */
  const [posterFile, setPosterFile] = useState<string>();
  const [near, setNear] = useState(false);
  const [inView, setInView] = useState(false);
  /** null until the visitor chooses: then autoplay unless motion is reduced. */
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  // Reduced until known: the server's rendering never promises motion.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    prefersReducedMotion,
    () => true,
  );
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React does not always reflect `muted` as an attribute; browsers need it for inline play.
    element.muted = true;
    element.setAttribute("muted", "");
    const nearObserver = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          nearObserver.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    const viewObserver = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setInView(entry.isIntersecting);
    });
    nearObserver.observe(element);
    viewObserver.observe(element);
    return () => {
      nearObserver.disconnect();
      viewObserver.disconnect();
    };
  }, []);

  useEffect(() => {
    const image = still.current;
    if (!image) return;
    const loaded = () => setPosterFile(image.currentSrc || image.src);
    if (image.complete && image.naturalWidth > 0) loaded();
    else image.addEventListener("load", loaded);
    return () => image.removeEventListener("load", loaded);
  }, [poster?.src]);

  const wantsPlay = choice === "play" || (choice === null && !reducedMotion);
  const shouldPlay = wantsPlay && inView && near;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (shouldPlay) element.play().catch(() => setPlaying(false));
    else if (!element.paused) element.pause();
  }, [shouldPlay]);

  const label = playing ? `Pause ${title}` : `Play ${title}`;
  return (
    <div
      className={`relative w-full overflow-hidden rounded-sm bg-stone-200 ${shapeClass(shape)}`}
      style={shape ?? undefined}
    >
      {poster ? (
        <VideoStill
          ref={still}
          image={poster}
          placeholder={posterPlaceholder}
          eager={eager}
          fit="cover"
          testId="loop-poster"
        />
      ) : null}
      <video
        ref={video}
        muted
        loop
        playsInline
        preload="none"
        poster={posterFile}
        src={(near || choice === "play") && !sources ? src : undefined}
        aria-label={title}
        data-playback="loop"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="relative h-full w-full object-cover"
      >
        {/* Inserted when near: a <source> added to an empty <video> starts its loading. */}
        {near || choice === "play"
          ? sources?.map((source) => <source key={source.src} {...source} />)
          : null}
      </video>
      {!playing && reducedMotion && choice !== "pause" ? (
        <button
          type="button"
          onClick={() => setChoice("play")}
          aria-label={label}
          className="group absolute inset-0 flex items-center justify-center focus-visible:outline-offset-[-4px]"
        >
          <PlayDisc className="shadow" />
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setChoice(playing ? "pause" : "play")}
          aria-label={label}
          className="text-ink absolute right-3 bottom-3 flex size-10 items-center justify-center rounded-full bg-white/90 shadow"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
            {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
      )}
    </div>
  );
}
