"use client";

import Image from "next/image";
import { isOptimizable } from "@/lib/site/images";
import { useRef, useState } from "react";
import { ImageViewer, type ViewerImage, type ViewerItem, type ViewerVideo } from "./image-viewer";
import { gridClass, tileClass, tileSizes } from "./image-grid-layout";

/**
 * A section's images in the count-based grid; a click opens the full-screen viewer, whose sequence
 * continues with the section's video.
 */
export function SectionImages({
  images,
  video,
  eager,
}: {
  images: ViewerImage[];
  video: ViewerVideo | null;
  eager: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = images.length;
  const items: ViewerItem[] = [
    ...images.map((image) => ({ kind: "image" as const, ...image })),
    ...(video ? [video] : []),
  ];

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    <>
      <ul className={`grid gap-3 ${gridClass(count)}`} data-testid="image-grid" data-count={count}>
        {images.map((image, index) => {
          const natural = count === 1 && image.width && image.height;
          return (
            <li key={image.url + index} className={tileClass(count, index)}>
              <button
                type="button"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setOpen(index);
                }}
                aria-label={`View full screen: ${image.alt}`}
                className={`relative block w-full cursor-zoom-in overflow-hidden rounded-sm bg-stone-200 ${natural ? "" : "h-full min-h-48"}`}
                style={natural ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
              >
                <Image
                  src={image.url}
                  unoptimized={!isOptimizable(image.url)}
                  alt={image.alt}
                  fill
                  sizes={tileSizes(count, index, image.width, image.height)}
                  preload={eager && index === 0}
                  loading={eager && index < 2 ? "eager" : "lazy"}
                  className="object-cover"
                />
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null ? (
        <ImageViewer items={items} index={open} onIndexChange={setOpen} onClose={close} />
      ) : null}
    </>
  );
}
