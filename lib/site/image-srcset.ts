import { preload } from "react-dom";
import { DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from "./image-widths";
import { isOptimizable } from "./images";

const WIDTHS = [...IMAGE_SIZES, ...DEVICE_SIZES].sort((a, b) => a - b);

/**
 * The `src`, `srcSet` and `sizes` next/image writes for an optimizable image drawn at `sizes`
 * (`fill`, quality 75): one optimizer URL per width, the largest as `src`. Written here for the
 * gallery cards, which render in the browser too and would otherwise bring next/image's client
 * code; `image-srcset.test.ts` checks it against next/image's own output. Another address (an
 * imported external URL) is drawn as it is, like next/image's `unoptimized`.
 */
export function optimizedImage(
  src: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  if (!isOptimizable(src)) return { src };
  return {
    src: optimizerUrl(src, WIDTHS.at(-1)!),
    srcSet: WIDTHS.map((width) => `${optimizerUrl(src, width)} ${width}w`).join(", "),
    sizes,
  };
}

const optimizerUrl = (src: string, width: number) =>
  `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${IMAGE_QUALITY}`;

/**
 * One optimizer URL of `src`, at the smallest width of at least `width`: for a video's `poster`
 * attribute, which takes one URL. Another address is drawn as it is.
 */
export function optimizedImageAt(src: string, width: number): string {
  if (!isOptimizable(src)) return src;
  return optimizerUrl(src, WIDTHS.find((each) => each >= width) ?? WIDTHS.at(-1)!);
}

/**
 * Preloads an image drawn with `optimizedImage` at high priority: the page's LCP candidate (the
 * first gallery card, a project page's first image). React puts the link in the page's head.
 */
export function preloadLcpImage(image: ReturnType<typeof optimizedImage>): void {
  preload(image.src, {
    as: "image",
    imageSrcSet: image.srcSet,
    imageSizes: image.sizes,
    fetchPriority: "high",
  });
}
