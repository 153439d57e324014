import type { ContentWidth } from "@/lib/validation/appearance";

/**
 * The main column's largest width per content-width setting, for the images'
 * `sizes`: the same values app/globals.css gives --column-max (project, About and Reel pages) and
 * --gallery-max (gallery, header and footer); `full` is the window's width.
 */
export const CONTENT_MAX: Record<ContentWidth, { column: string; gallery: string }> = {
  standard: { column: "72rem", gallery: "96rem" },
  wide: { column: "96rem", gallery: "120rem" },
  full: { column: "100vw", gallery: "100vw" },
};
