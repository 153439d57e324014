import { optimizedImage, preloadLcpImage } from "@/lib/site/image-srcset";
import { placeholderStyle } from "@/components/ui/placeholder-style";
import type { ViewerImage, ViewerItem, ViewerVideo } from "./image-viewer";
import type { SectionLayout } from "@/lib/domain";
import { objectPosition } from "@/lib/validation/focal";
import {
  aloneMaxWidth,
  gridClass,
  imageRatio,
  layoutRows,
  rowMaxWidth,
  rowSizes,
  tileClass,
  tileSizes,
} from "@/lib/site/image-grid-layout";
import { ViewerLauncher } from "./viewer-launcher";

/**
 * A section's images in its layout (the count-based grid, justified uncropped rows, or one per
 * row at full width); in every layout an image is drawn at most as wide as its own pixels. A click
 * opens the full-screen viewer, whose sequence continues with the section's video. Rendered on the
 * server: each image is a button whose `data-view` tells ViewerLauncher, the only client code
 * here, where the viewer opens.
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
  /** The page column's largest width (lib/site/content-width.ts), for `sizes`. */
  maxWidth?: string;
}) {
  const count = images.length;
  const items: ViewerItem[] = [
    ...images.map((image) => ({ kind: "image" as const, ...image })),
    ...(video ? [video] : []),
  ];

  return (
    <ViewerLauncher items={items}>
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
                  data-view={index}
                  aria-label={`View full screen: ${image.alt}`}
                  className={`relative block w-full cursor-zoom-in overflow-hidden rounded-sm bg-stone-200 ${natural ? "mx-auto" : "h-full min-h-48"}`}
                  style={
                    natural
                      ? {
                          aspectRatio: `${image.width} / ${image.height}`,
                          maxWidth: aloneMaxWidth(image.width! / image.height!, image.width),
                        }
                      : undefined
                  }
                >
                  <Picture
                    image={image}
                    sizes={tileSizes(count, index, image.width, image.height, maxWidth)}
                    priority={eager && index === 0}
                    eager={eager && index < 2}
                    cover
                    ownSize={count > 1}
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
            // A row of several is as tall as its shortest file at most (from 640 px; on phones each
            // image is capped at its own width below).
            const rowMax = row.length > 1 ? rowMaxWidth(row.map((index) => images[index]!)) : null;
            return (
              <li
                key={row[0]}
                className="flex w-full flex-col gap-3 sm:mx-auto sm:max-w-[var(--row-max)] sm:flex-row"
                style={rowMax ? { ["--row-max" as string]: rowMax } : undefined}
              >
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
                      data-view={index}
                      aria-label={`View full screen: ${image.alt}`}
                      className="relative mx-auto block w-full min-w-0 cursor-zoom-in overflow-hidden rounded-sm bg-stone-200 sm:w-auto sm:[flex:var(--grow)_1_0%]"
                      style={{
                        aspectRatio: `${ratio}`,
                        ["--grow" as string]: `${ratio * 1000}`,
                        ...(row.length === 1
                          ? { maxWidth: aloneMaxWidth(ratio, image.width) }
                          : image.width
                            ? { maxWidth: `${image.width}px` }
                            : {}),
                      }}
                      data-testid="layout-image"
                    >
                      <Picture
                        image={image}
                        sizes={rowSizes(ratios, position, maxWidth)}
                        priority={eager && index === 0}
                        eager={eager && index < 2}
                        cover={Boolean(image.width && image.height)}
                      />
                    </button>
                  );
                })}
              </li>
            );
          })}
        </ul>
      )}
    </ViewerLauncher>
  );
}

/**
 * One image filling its tile: a plain `<img>` with the srcset next/image would write
 * (lib/site/image-srcset.ts), so the page ships no image code. `cover` crops it at its focal point
 * (its tile has another shape); else it is drawn whole. `ownSize`: a file smaller than its tile
 * is drawn at most at its own width and height, centred on the tile, rather than stretched to
 * cover it. Its blur-up placeholder is its background until the file is drawn (BlurCleaner drops
 * it). `priority`: the page's LCP candidate, preloaded at high priority.
 */
function Picture({
  image,
  sizes,
  priority,
  eager,
  cover,
  ownSize = false,
}: {
  image: ViewerImage;
  sizes: string;
  priority: boolean;
  eager: boolean;
  cover: boolean;
  ownSize?: boolean;
}) {
  const picture = optimizedImage(image.url, sizes);
  if (priority) preloadLcpImage(picture);
  const position = cover ? objectPosition({ x: image.focalX, y: image.focalY }) : undefined;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's own markup, without its client code
    <img
      alt={image.alt}
      {...picture}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`absolute inset-0 m-auto h-full w-full text-transparent ${cover ? "object-cover" : "object-contain"}`}
      data-blur={image.placeholder ? "" : undefined}
      style={{
        ...(ownSize && image.width && image.height
          ? { maxWidth: `${image.width}px`, maxHeight: `${image.height}px` }
          : {}),
        objectPosition: position,
        ...placeholderStyle(image.placeholder, cover ? "cover" : "contain"),
        ...(position ? { backgroundPosition: position } : {}),
      }}
    />
  );
}
