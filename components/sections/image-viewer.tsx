"use client";

import Image from "next/image";
import { isOptimizable } from "@/lib/site/images";
import { useEffect, useRef } from "react";
import { trapTab } from "@/components/ui/trap-tab";
import { blurProps } from "@/components/ui/placeholder-style";
import { VimeoFacade } from "./vimeo-facade";
import { contains, pictureRect, swipeStep, viewerSizes } from "./viewer-geometry";

export type ViewerImage = {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
  /** Focal point 0–1, for the grid's cropped tiles; the viewer shows the whole image. */
  focalX?: number;
  focalY?: number;
  /** The stored blur-up placeholder: shown until the file arrives. */
  placeholder?: string | null;
};

/** A section's video, shown after its images in the viewer's sequence. */
export type ViewerVideo =
  { kind: "video"; url: string; title: string } | { kind: "vimeo"; src: string; title: string };

export type ViewerItem = ({ kind: "image" } & ViewerImage) | ViewerVideo;

/** Where a click or a key belongs to a control, not to the viewer. */
const INTERACTIVE = "button, a, video, iframe";

/**
 * Full-screen viewer of a section's images and video on a modal <dialog> (the page behind is
 * inert). Closes with the X button, Escape or a click anywhere outside the picture; arrow keys,
 * the buttons and a swipe move through the sequence; Tab stays inside. The caption line shows the
 * image's alternative text (or the video's title).
 */
export function ImageViewer({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: ViewerItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const item = items[index];
  const count = items.length;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      element.close();
    };
  }, []);

  // Close the native dialog first: focus can only return to the page once it is no longer inert.
  const close = () => {
    dialog.current?.close();
    onClose();
  };

  const step = (delta: number) => onIndexChange((index + delta + count) % count);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    // A focused video seeks with the arrow keys.
    const onMedia = (event.target as Element).closest("video, iframe");
    if (event.key === "ArrowRight" && !onMedia) step(1);
    else if (event.key === "ArrowLeft" && !onMedia) step(-1);
    else trapTab(event);
  };

  const onClick = (event: React.MouseEvent<HTMLDialogElement>) => {
    const target = event.target as Element;
    if (target.closest(INTERACTIVE)) return;
    const image = picture.current;
    if (target === image && contains(pictureRect(image), event.clientX, event.clientY)) return;
    close();
  };

  // Touch and pen only: a mouse drag is left to text selection and the buttons.
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipe.current;
    if (!start || start.id !== event.pointerId) return;
    swipe.current = null;
    const direction = count > 1 ? swipeStep(event.clientX - start.x, event.clientY - start.y) : 0;
    if (direction) step(direction);
  };

  if (!item) return null;
  const caption = item.kind === "image" ? item.alt : item.title;
  return (
    <dialog
      ref={dialog}
      aria-label="Image viewer"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
      // Horizontal swipes are the viewer's; pinch-zoom stays the browser's.
      style={{ touchAction: "pinch-zoom" }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-neutral-950 p-4 text-white backdrop:bg-black/80 sm:p-10"
    >
      <div className="pointer-events-none flex h-full flex-col gap-4">
        <div className="flex items-center justify-between">
          <p aria-live="polite" className="text-sm text-white/80 tabular-nums">
            {index + 1} / {count}
          </p>
          <button
            type="button"
            autoFocus
            onClick={close}
            aria-label="Close image viewer"
            className="pointer-events-auto rounded-full px-3 py-1 text-3xl leading-none hover:bg-white/10"
          >
            ×
          </button>
        </div>
        <figure className="m-0 flex min-h-0 flex-1 flex-col gap-3">
          <div className="relative flex min-h-0 flex-1 items-center justify-center">
            <ViewerMedia item={item} picture={picture} />
          </div>
          <figcaption
            data-testid="viewer-caption"
            className="min-h-5 truncate text-center text-sm text-white/85"
          >
            {caption}
          </figcaption>
        </figure>
        {count > 1 ? (
          <div className="flex justify-center gap-3">
            <button
              type="button"
              onClick={() => step(-1)}
              className="pointer-events-auto rounded-full border border-white/30 px-4 py-1.5 text-sm hover:bg-white/10"
            >
              Previous image
            </button>
            <button
              type="button"
              onClick={() => step(1)}
              className="pointer-events-auto rounded-full border border-white/30 px-4 py-1.5 text-sm hover:bg-white/10"
            >
              Next image
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

function ViewerMedia({
  item,
  picture,
}: {
  item: ViewerItem;
  picture: React.RefObject<HTMLImageElement | null>;
}) {
  if (item.kind === "vimeo") {
    return (
      <div className="pointer-events-auto aspect-video max-h-full w-full max-w-[calc((100dvh-8rem)*16/9)]">
        {/* As on the page: nothing comes from Vimeo until the visitor presses play. */}
        <VimeoFacade key={item.src} src={item.src} title={item.title} label="Play the video" />
      </div>
    );
  }
  if (item.kind === "video") {
    return (
      <video
        key={item.url}
        controls
        playsInline
        preload="metadata"
        src={item.url}
        aria-label={item.title}
        className="pointer-events-auto max-h-full max-w-full bg-black"
      />
    );
  }
  return (
    <Image
      key={item.url}
      ref={picture}
      src={item.url}
      unoptimized={!isOptimizable(item.url)}
      alt={item.alt}
      fill
      sizes={viewerSizes(item.width, item.height)}
      {...blurProps(item.placeholder)}
      // objectFit in style too: next/image sizes its blur background from it (contain here). A
      // file smaller than the stage is drawn at its own size, centred, not stretched to fill it.
      style={{
        objectFit: "contain",
        ...(item.width && item.height
          ? { maxWidth: `${item.width}px`, maxHeight: `${item.height}px`, margin: "auto" }
          : {}),
      }}
      className="pointer-events-auto object-contain"
    />
  );
}
