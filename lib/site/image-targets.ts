import { CONTENT_MAX } from "./content-width";
import { layoutRows, TALL_CAP_VH, tileShape } from "./image-grid-layout";
import type { SectionLayout } from "@/lib/domain";
import { CONTENT_WIDTHS, type ContentWidth } from "@/lib/validation/appearance";

/*
 * For the owner's forms: how wide, in CSS pixels, the site draws an uploaded image at most, and how
 * the gallery cards and grid tiles crop it. Worked out from the layouts' geometry: the gallery grid
 * (components/gallery/grid-spans.ts) and the project page's column (image-grid-layout.ts), each
 * with 2rem padding per side from 640 px and 0.75rem gaps.
 */

const REM = 16;
const PADDING = 2 * 2 * REM;
const GAP = 0.75 * REM;
/** The window a "full" content width (the window's own) is worked out for: a common desktop. */
const REFERENCE_WINDOW = 1920;
const REFERENCE_HEIGHT = 1080;
/** The window the gallery cards' shapes are shown for: a laptop, where rows are 26rem tall. */
const CARD_WINDOW = 1440;
const CARD_ROW = 26 * REM;

const widthOf = (max: string, window = REFERENCE_WINDOW) =>
  Math.min(window, max.endsWith("rem") ? Number.parseFloat(max) * REM : window) - PADDING;

/** One column's width of a 4-column gallery `grid` wide, and a card's `span` columns. */
const cardWidth = (grid: number, span: number) => ((grid - 3 * GAP) / 4) * span + (span - 1) * GAP;

/**
 * The site's content width as the page shows it: the site layout (and the owner layout) carry it
 * as `data-content-width`; the default when none is found.
 */
export function pageContentWidth(): ContentWidth {
  const value = document.querySelector<HTMLElement>("[data-content-width]")?.dataset.contentWidth;
  return CONTENT_WIDTHS.find((width) => width === value) ?? "standard";
}

/** The widest a gallery card draws a cover: a card three columns wide, with the grid at its widest. */
export function coverTargetWidth(width: ContentWidth): number {
  return Math.round(cardWidth(widthOf(CONTENT_MAX[width].gallery), 3));
}

/** The shapes (width ÷ height) a cover is cropped to: the phone card, and the cards of a laptop. */
export function coverCrops(width: ContentWidth): { label: string; ratio: number }[] {
  const grid = widthOf(CONTENT_MAX[width].gallery, CARD_WINDOW);
  return [
    { label: "Phone card", ratio: 4 / 3 },
    { label: "Narrow card", ratio: cardWidth(grid, 1) / CARD_ROW },
    { label: "Wide card", ratio: cardWidth(grid, 2) / CARD_ROW },
    { label: "Widest card", ratio: cardWidth(grid, 3) / CARD_ROW },
  ];
}

/** The grid layout's tile shape for image `index` of `count`; null where it is not cropped. */
function tileRatio(count: number, index: number): number | null {
  return tileShape(count, index).ratio || null;
}

/** The shapes a section image is cropped to in `layout` (none: it is shown whole). */
export function sectionCrops(
  layout: SectionLayout,
  count: number,
  index: number,
): { label: string; ratio: number }[] {
  const ratio = layout === "grid" ? tileRatio(count, index) : null;
  if (ratio === null) return [];
  return [{ label: ratio >= 2 ? "Wide tile" : "Tile", ratio }];
}

/**
 * The widest image `index` of `count` is drawn in `layout` on a wide screen, in CSS pixels: the
 * column for an image alone on its row (narrower for a tall one, at most TALL_CAP_VH of the window
 * tall); a grid tile's width, or more for an image wider than the tile's shape (it is cropped to
 * cover the tile); a natural row's share, taken as equal shares.
 */
export function sectionImageTargetWidth(
  layout: SectionLayout,
  count: number,
  index: number,
  imageRatio: number,
  width: ContentWidth,
): number {
  const column = widthOf(CONTENT_MAX[width].column);
  const alone = Math.min(column, (TALL_CAP_VH / 100) * REFERENCE_HEIGHT * imageRatio);
  if (layout === "full" || count <= 1) return Math.round(alone);
  if (layout === "grid") {
    const { columns, ratio: tile } = tileShape(count, index);
    const box = (column - (columns - 1) * GAP) / columns;
    return Math.round(box * Math.max(1, imageRatio / tile));
  }
  const row = layoutRows("natural", count).find((indexes) => indexes.includes(index))!;
  if (row.length === 1) return Math.round(alone);
  return Math.round((column - (row.length - 1) * GAP) / row.length);
}
