import { z } from "zod";

/**
 * How a section's images are laid out (issue 18.1; docs/spec.md §2 As built): `grid` is the
 * spec's count-based grid of cropped tiles, `natural` keeps the same column counts as a maximum
 * but shows every image uncropped at its own aspect ratio in justified rows, `full` shows one
 * image per row at the full content width.
 */
export const SECTION_LAYOUTS = ["grid", "natural", "full"] as const;
export type SectionLayout = (typeof SECTION_LAYOUTS)[number];
export const DEFAULT_LAYOUT: SectionLayout = "grid";

export const LAYOUT_LABELS: Record<SectionLayout, string> = {
  grid: "Grid (cropped tiles)",
  natural: "Natural (uncropped rows)",
  full: "Full width (one per row)",
};

export const invalidLayoutMessage = "Invalid layout: use grid, natural or full";

export const layoutSchema = z.enum(SECTION_LAYOUTS, { error: invalidLayoutMessage });

/** Reads a stored value; anything unknown (never written by this code) reads as the default. */
export function toLayout(value: unknown): SectionLayout {
  return (SECTION_LAYOUTS as readonly unknown[]).includes(value)
    ? (value as SectionLayout)
    : DEFAULT_LAYOUT;
}
