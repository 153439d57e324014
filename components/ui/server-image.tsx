import { getImageProps, type ImageProps } from "next/image";
import { preload as preloadResource } from "react-dom";
import { isOptimizable } from "@/lib/site/images";

/**
 * next/image's optimized `<img>` (srcset, AVIF/WebP, sizes) rendered on the server without the
 * client component, so gallery pages ship no image JavaScript. `preload` adds a high-priority
 * preload of the right candidate for the LCP image.
 */
export function ServerImage({
  preload = false,
  src,
  alt,
  blurDataURL,
  ...rest
}: Omit<ImageProps, "src" | "preload" | "priority" | "placeholder" | "blurDataURL"> & {
  src: string;
  preload?: boolean;
  /**
   * The image's stored blur-up placeholder, a tiny data URL drawn as the
   * `<img>`'s own background, scaled like the image (cover, at its object-position), so nothing
   * moves when the file arrives. BlurCleaner drops it once the file has loaded, so it never shows
   * behind a transparent PNG. Plain CSS, not next/image's SVG blur filter: half the bytes per card.
   */
  blurDataURL?: string | null;
}) {
  const { props } = getImageProps({
    src,
    alt,
    unoptimized: !isOptimizable(src),
    loading: preload ? "eager" : "lazy",
    ...rest,
  });
  if (preload) {
    preloadResource(props.src, {
      as: "image",
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: "high",
    });
  }
  const blur = blurDataURL
    ? {
        "data-blur": "",
        style: {
          ...props.style,
          backgroundImage: `url(${blurDataURL})`,
          backgroundSize: "cover",
          backgroundRepeat: "no-repeat",
          backgroundPosition: props.style?.objectPosition ?? "50% 50%",
        },
      }
    : {};
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- props come from getImageProps, alt included
    <img {...props} {...blur} fetchPriority={preload ? "high" : undefined} />
  );
}
