import type { CSSProperties } from "react";

/**
 * A stored blur-up placeholder (issue 18 item 5) as an element's background, for stills that are
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
