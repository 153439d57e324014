"use client";

import { useEffect, useRef, useState } from "react";
import { VimeoFrame } from "./vimeo-frame";
import { PlayDisc } from "./play-disc";
import { placeholderStyle } from "@/components/ui/placeholder-style";
import type { optimizedImage } from "@/lib/site/image-srcset";
import { toVimeoWatchUrl } from "@/lib/validation/vimeo";

/**
 * A Vimeo video that loads the player only when asked to: the embed pulls in several hundred kB
 * of Vimeo's scripts, which would otherwise load with the page whenever the frame is in view.
 * The poster is a button (a link to the film on vimeo.com before the scripts run); once pressed,
 * the player starts and takes the keyboard focus.
 */
export function VimeoFacade({
  src,
  title,
  poster,
  posterPlaceholder = null,
  label = "Play the showreel",
  eager = false,
}: {
  src: string;
  title: string;
  /**
   * The owner's still instead of a dark box until played, as the server wrote it
   * for the width the player is drawn at (src, srcset, sizes): a phone fetches a phone-sized file.
   */
  poster?: ReturnType<typeof optimizedImage> | null;
  /** The poster's blur-up placeholder, drawn until the poster arrives. */
  posterPlaceholder?: string | null;
  label?: string;
  /**
   * Above the fold (the Reel page): the poster loads at once with high priority, since it is the
   * page's largest paint; sections further down keep loading it lazily.
   */
  eager?: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (playing) box.current?.querySelector("iframe")?.focus();
  }, [playing]);

  if (playing) {
    const player = new URL(src);
    player.searchParams.set("autoplay", "1");
    return (
      <div ref={box}>
        <VimeoFrame src={player.toString()} title={title} autoplay />
      </div>
    );
  }
  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-sm bg-stone-900"
      style={poster ? placeholderStyle(posterPlaceholder) : undefined}
    >
      {poster ? (
        // eslint-disable-next-line @next/next/no-img-element -- the server wrote its srcset (lib/site/image-srcset.ts); next/image's client code is not loaded on these pages
        <img
          {...poster}
          alt=""
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
      {/* A link to the video on vimeo.com until the page's scripts run (a press then is not
          lost: the film opens there, in a new tab, without this page's address), a button that
          plays it here once they have. */}
      <a
        href={toVimeoWatchUrl(src) ?? src}
        target="_blank"
        rel="noopener noreferrer"
        role="button"
        onClick={(event) => {
          event.preventDefault();
          setPlaying(true);
        }}
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          setPlaying(true);
        }}
        className="group absolute inset-0 flex flex-col items-center justify-center gap-4 text-white focus-visible:outline-offset-[-4px] focus-visible:outline-white"
      >
        <PlayDisc />
        <span
          className={`text-base font-medium sm:text-lg ${poster ? "rounded bg-black/70 px-3 py-1" : ""}`}
        >
          {label}
        </span>
      </a>
    </div>
  );
}
