"use client";

import Image from "next/image";
import { isOptimizable } from "@/lib/site/images";
import { useEffect, useRef } from "react";
import { trapTab } from "@/components/ui/trap-tab";

export type ViewerImage = { url: string; width: number | null; height: number | null; alt: string };

/**
 * Full-screen image viewer on a modal <dialog> (the page behind is inert). Closes with the X
 * button, a click on the backdrop or Escape; arrow keys move between images; Tab stays inside.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: ViewerImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const image = images[index];
  const count = images.length;

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
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else trapTab(event);
  };

  if (!image) return null;
  return (
    <dialog
      ref={dialog}
      aria-label="Image viewer"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
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
        <figure className="relative min-h-0 flex-1">
          <Image
            src={image.url}
            unoptimized={!isOptimizable(image.url)}
            alt={image.alt}
            fill
            sizes="100vw"
            className="pointer-events-auto object-contain"
          />
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
