"use client";

import Image from "next/image";
import { isOptimizable } from "@/lib/site/images";
import { useRef, useState } from "react";
import {
  blurProps,
  ImageViewer,
  type ViewerImage,
  type ViewerItem,
  type ViewerVideo,
} from "./image-viewer";
import type { SectionLayout } from "@/lib/validation/layout";
import { objectPosition } from "@/lib/validation/focal-point";
import {
  capWidth,
  gridClass,
  imageRatio,
  layoutRows,
  rowSizes,
  tileClass,
  tileSizes,
} from "./image-grid-layout";

/**
 * A section's images in its layout (the count-based grid, justified uncropped rows, or one per
 * row at full width); a click opens the full-screen viewer, whose sequence continues with the
 * section's video.
 */
export function SectionImages({
  images,
  video,
  eager,
  layout = "grid",
  maxWidth,
}: {
  images: ViewerImage[];
  video: ViewerVideo | null;
  eager: boolean;
  layout?: SectionLayout;
  /** The page column's largest width (components/layout/content-width.ts), for `sizes`. */
  maxWidth?: string;
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

  const openAt = (index: number) => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setOpen(index);
  };

  return (
    <>
      {layout === "grid" ? (
        <ul
          className={`grid gap-3 ${gridClass(count)}`}
          data-testid="image-grid"
          data-count={count}
        >
          {images.map((image, index) => {
            const natural = count === 1 && image.width && image.height;
            return (
              <li key={image.url + index} className={tileClass(count, index)}>
                <button
                  type="button"
                  onClick={openAt(index)}
                  aria-label={`View full screen: ${image.alt}`}
                  className={`relative block w-full cursor-zoom-in overflow-hidden rounded-sm bg-stone-200 ${natural ? "mx-auto" : "h-full min-h-48"}`}
                  style={
                    natural
                      ? {
                          aspectRatio: `${image.width} / ${image.height}`,
                          maxWidth: capWidth(image.width! / image.height!),
                        }
                      : undefined
                  }
                >
                  <Image
                    src={image.url}
                    unoptimized={!isOptimizable(image.url)}
                    alt={image.alt}
                    fill
                    sizes={tileSizes(count, index, image.width, image.height, maxWidth)}
                    preload={eager && index === 0}
                    fetchPriority={eager && index === 0 ? "high" : undefined}
                    loading={eager && index < 2 ? "eager" : "lazy"}
                    className="object-cover"
                    {...blurProps(image.placeholder)}
                    style={{
                      objectFit: "cover",
                      objectPosition: objectPosition({ x: image.focalX, y: image.focalY }),
                    }}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <ul
          className="flex flex-col gap-3"
          data-testid="image-grid"
          data-count={count}
          data-layout={layout}
        >
          {layoutRows(layout, count).map((row) => {
            const ratios = row.map((index) =>
              imageRatio(images[index]!.width, images[index]!.height),
            );
            return (
              <li key={row[0]} className="flex flex-col gap-3 sm:flex-row">
                {row.map((index, position) => {
                  const image = images[index]!;
                  const ratio = ratios[position]!;
                  return (
                    // Each image's flex share is its aspect ratio (× 1000: shares that add up to
                    // less than 1 would leave part of the row empty), so a row's images are all as
                    // tall and fill its width exactly; the box has the image's own shape (no crop,
                    // and its height is known before the file arrives: no layout shift). Alone on its
                    // row, it is at most TALL_CAP_VH of the window tall, centred.
                    <button
                      key={image.url + index}
                      type="button"
                      onClick={openAt(index)}
                      aria-label={`View full screen: ${image.alt}`}
                      className="relative mx-auto block w-full min-w-0 cursor-zoom-in overflow-hidden rounded-sm bg-stone-200 sm:w-auto sm:[flex:var(--grow)_1_0%]"
                      style={{
                        aspectRatio: `${ratio}`,
                        ["--grow" as string]: `${ratio * 1000}`,
                        ...(row.length === 1 ? { maxWidth: capWidth(ratio) } : {}),
                      }}
                      data-testid="layout-image"
                    >
                      <Image
                        src={image.url}
                        unoptimized={!isOptimizable(image.url)}
                        alt={image.alt}
                        fill
                        sizes={rowSizes(ratios, position, maxWidth)}
                        preload={eager && index === 0}
                        fetchPriority={eager && index === 0 ? "high" : undefined}
                        loading={eager && index < 2 ? "eager" : "lazy"}
                        className={image.width && image.height ? "object-cover" : "object-contain"}
                        {...blurProps(image.placeholder)}
                        style={{ objectFit: image.width && image.height ? "cover" : "contain" }}
                      />
                    </button>
                  );
                })}
              </li>
            );
          })}
        </ul>
      )}
      {open !== null ? (
        <ImageViewer items={items} index={open} onIndexChange={setOpen} onClose={close} />
      ) : null}
    </>
  );
}
