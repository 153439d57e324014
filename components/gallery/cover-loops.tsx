"use client";

import { useEffect } from "react";
import type { VideoSource } from "@/lib/site/video-sources";

/**
 * A card link whose project has a cover loop: `data-loop` holds the mp4's URL, and
 * `data-loop-sources` its renditions when it has several.
 */
const CARD = "a[data-loop]";
const LOOP = "video[data-cover-loop]";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The cover loop of one card: made on first use, so no video element and no
 * video bytes exist before a hover, a focus or (on phones) the card coming into view. Muted,
 * looping, inline, no controls; hidden from assistive technology (the link names the project,
 * and the still behind it stays the cover).
 */
function loopOf(card: HTMLAnchorElement): HTMLVideoElement {
  const existing = card.querySelector<HTMLVideoElement>(LOOP);
  if (existing) return existing;
  const video = document.createElement("video");
  video.dataset.coverLoop = "";
  video.muted = true;
  video.loop = true;
  video.playsInline = true;
  video.preload = "none";
  // Attributes too, for the DOM and for browsers that read them rather than the properties.
  for (const name of ["muted", "loop", "playsinline"]) video.setAttribute(name, "");
  video.setAttribute("aria-hidden", "true");
  video.tabIndex = -1;
  video.disablePictureInPicture = true;
  video.className =
    "pointer-events-none absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-300";
  // Cropped where the still is cropped: the cover's focal point.
  video.style.objectPosition = card.querySelector("img")?.style.objectPosition ?? "";
  video.addEventListener("playing", () => video.classList.replace("opacity-0", "opacity-100"));
  // The renditions smallest adequate first (lib/site/video-sources.ts), or the one file.
  const sources = card.dataset.loopSources;
  if (sources)
    for (const { src, type, media } of JSON.parse(sources) as VideoSource[]) {
      const source = document.createElement("source");
      source.src = src;
      source.type = type;
      if (media) source.media = media;
      video.append(source);
    }
  else video.src = card.dataset.loop!;
  // Under the caption, so title and category stay readable over the moving picture.
  card.insertBefore(video, card.querySelector(".card-caption"));
  return video;
}

function play(card: HTMLAnchorElement) {
  if (reducedMotion()) return;
  loopOf(card)
    .play()
    .catch(() => {});
}

function pause(card: HTMLAnchorElement) {
  const video = card.querySelector<HTMLVideoElement>(LOOP);
  if (!video) return;
  video.pause();
  video.classList.replace("opacity-100", "opacity-0");
}

const cardOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(CARD) : null;

/**
 * Plays the gallery cards' cover loops: with a fine pointer on hover and keyboard focus, on
 * touch screens (no hover) while the card is mostly in view; never under prefers-reduced-motion,
 * where the still stays. One listener for the whole grid, so a card adds one attribute, nothing
 * more, to the page (its HTML per card is budgeted: docs/performance.md#budgets).
 */
export function CoverLoops({ gridId }: { gridId: string }) {
  useEffect(() => {
    const grid = document.getElementById(gridId);
    if (!grid) return;
    if (matchMedia("(hover: hover) and (pointer: fine)").matches) {
      const enter = (event: Event) => {
        const card = cardOf(event.target);
        if (card) play(card);
      };
      const leave = (event: Event) => {
        const card = cardOf(event.target);
        const to = (event as PointerEvent | FocusEvent).relatedTarget;
        if (!card || (to instanceof Node && card.contains(to))) return;
        // Hovered and focused at once: keep playing until both have left.
        if (event.type === "pointerout" ? card.matches(":focus-visible") : card.matches(":hover"))
          return;
        pause(card);
      };
      grid.addEventListener("pointerover", enter);
      grid.addEventListener("pointerout", leave);
      grid.addEventListener("focusin", enter);
      grid.addEventListener("focusout", leave);
      // A card hovered or focused before this script ran (a fast Tab, a slow network) plays now.
      const already = cardOf(grid.querySelector(":focus") ?? grid.querySelector("a:hover"));
      if (already) play(already);
      return () => {
        grid.removeEventListener("pointerover", enter);
        grid.removeEventListener("pointerout", leave);
        grid.removeEventListener("focusin", enter);
        grid.removeEventListener("focusout", leave);
      };
    }
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const card = entry.target as HTMLAnchorElement;
          if (entry.isIntersecting) play(card);
          else pause(card);
        }
      },
      { threshold: 0.6 },
    );
    const observeCards = () => grid.querySelectorAll(CARD).forEach((card) => inView.observe(card));
    observeCards();
    // "Show more" appends cards to the same grid.
    const added = new MutationObserver(observeCards);
    added.observe(grid, { childList: true });
    return () => {
      added.disconnect();
      inView.disconnect();
    };
  }, [gridId]);
  return null;
}
