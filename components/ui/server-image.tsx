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
  ...rest
}: Omit<ImageProps, "src" | "preload" | "priority" | "placeholder"> & {
  src: string;
  preload?: boolean;
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
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- props come from getImageProps, alt included
    <img {...props} fetchPriority={preload ? "high" : undefined} />
  );
}
