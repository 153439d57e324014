import type { CSSProperties } from "react";

/**
 * A stored blur-up placeholder as an element's background, for stills that are
 * not an `<img>` next/image draws: a video's poster, the Vimeo facade's still. The poster, once
 * loaded, is drawn over it; `size` matches how the poster is drawn (a `<video>` letterboxes it).
 * Nothing without a placeholder: the element keeps its own background colour.
 */
export function placeholderStyle(
  placeholder: string | null | undefined,
  size: "cover" | "contain" = "cover",
): CSSProperties | undefined {
  if (!placeholder) return undefined;
  return {
    backgroundImage: `url(${placeholder})`,
    backgroundSize: size,
    backgroundPosition: "50% 50%",
    backgroundRepeat: "no-repeat",
  };
}

/**
 * next/image's blur-up props for a stored placeholder; none without one, so an
 * image made before placeholders renders as before. next/image drops the blur once the file loads,
 * so it never shows behind a transparent PNG.
 */
export function blurProps(placeholder: string | null | undefined) {
  return placeholder ? { placeholder: "blur" as const, blurDataURL: placeholder } : {};
}
