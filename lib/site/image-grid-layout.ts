/**
 * The image-grid rule of docs/spec.md §2: 1 image → one column, 2 → two, 3 or 4 → a 2×2 grid (the third of
 * three spans both columns), 5 → three columns, the last two sharing the second row. Phones always
 * get one column.
 */
export function gridClass(count: number): string {
  if (count <= 1) return "grid-cols-1";
  if (count <= 4) return "grid-cols-1 sm:grid-cols-2";
  // Five: three columns, then two tiles sharing the second row (each a column and a half wide),
  // the rows equally tall.
  return "grid-cols-1 sm:grid-cols-6 sm:auto-rows-fr";
}

/** Whether image `index` of `count` is one of the last row's two wide tiles of five. */
const lastOfFive = (count: number, index: number) => count >= 5 && index >= 3;

export function tileClass(count: number, index: number): string {
  if (count === 1) return "";
  if (count === 3 && index === 2) return "sm:col-span-2 aspect-[4/3] sm:aspect-[8/3]";
  // As tall as the row above (about 2:1), so the grid is a rectangle with no hole.
  if (lastOfFive(count, index)) return "sm:col-span-3 aspect-[4/3] sm:aspect-auto";
  if (count >= 5) return "sm:col-span-2 aspect-[4/3]";
  return "aspect-[4/3]";
}

/**
 * A tile's shape from 640 px (on phones every tile is a whole row at 4:3): how many tiles share
 * its row, and its width ÷ height; ratio 0: not cropped (a single image).
 */
export function tileShape(count: number, index: number): { columns: number; ratio: number } {
  if (count <= 1) return { columns: 1, ratio: 0 };
  if (count === 3 && index === 2) return { columns: 1, ratio: 8 / 3 };
  if (lastOfFive(count, index)) return { columns: 2, ratio: 2 };
  return { columns: count <= 4 ? 2 : 3, ratio: 4 / 3 };
}

/** How much wider than its box an image of `ratio` is drawn when it covers a box of `box`. */
const cropFactor = (ratio: number | null, box: number) =>
  ratio && box ? Math.max(1, +(ratio / box).toFixed(3)) : 1;

/*
 * The project page's content box: up to `max` wide (72rem, or what the content-width setting makes
 * it: lib/site/content-width.ts) with 1.25rem (phones) or 2rem padding per side; tiles
 * are 0.75rem apart.
 */
const PHONE = "(100vw - 2.5rem)";
const wideOf = (max: string) => `(min(100vw, ${max}) - 4rem)`;

/** `sizes` for a still drawn across the whole column (a loop video's poster). */
export function columnSizes(max = "72rem"): string {
  return `(min-width: 640px) calc${wideOf(max)}, calc${PHONE}`;
}

/**
 * An image alone on its row (a single grid image of known size, a `full` image, a `natural` row of
 * one) is at most this share of the window tall: a 4:5 portrait at the content width would be
 * 1.5 windows tall, so it is drawn narrower, centred, at its own shape (nothing cropped).
 */
export const TALL_CAP_VH = 85;

/** The widest an image of `ratio` may be drawn alone on its row (TALL_CAP_VH of the window tall). */
export function capWidth(ratio: number): string {
  return `calc(${TALL_CAP_VH}svh * ${+ratio.toFixed(4)})`;
}

/**
 * The widest an image alone on its row is drawn: at most TALL_CAP_VH of the window tall, and never
 * wider than its own pixels (a 480 px image in a 1,088 px column stays 480 px wide, centred,
 * instead of being stretched soft).
 */
export function aloneMaxWidth(ratio: number, width: number | null): string {
  return width ? `min(${capWidth(ratio)}, ${width}px)` : capWidth(ratio);
}

/** `width`, or narrower where the image would be taller than TALL_CAP_VH of the window. */
const capped = (width: string, ratio: number) =>
  `min(${width}, ${+(TALL_CAP_VH * ratio).toFixed(2)}vh)`;

/** `sizes` for an image of `ratio` alone on its row: the column's width, capped in height. */
const aloneSizes = (ratio: number, wide: string) =>
  `(min-width: 640px) ${capped(`calc${wide}`, ratio)}, ${capped(`calc${PHONE}`, ratio)}`;

/** Tiles are at least 12rem tall (section-images.tsx, min-h-48), even when that breaks their shape. */
const MIN_TILE_REM = 12;

/**
 * `sizes` for a tile: the width the image is drawn at, which for a cropped tile (object-cover) is
 * wider than the tile by the image's shape against the tile's, or, where a narrow tile is held at
 * its minimum height, that height × the image's shape. A single image keeps its own shape when its
 * size is known, so it is drawn exactly as wide as the tile.
 */
export function tileSizes(
  count: number,
  index: number,
  width: number | null,
  height: number | null,
  max = "72rem",
): string {
  const WIDE = wideOf(max);
  const ratio = width && height ? width / height : null;
  const { columns, ratio: box } = tileShape(count, index);
  const gaps = (columns - 1) * 0.75;
  const drawn = (tile: string, factor: number) => {
    const cropped = `calc(${tile} * ${factor})`;
    return ratio && count > 1
      ? `max(${cropped}, ${+(MIN_TILE_REM * ratio).toFixed(3)}rem)`
      : cropped;
  };
  if (count <= 1 && ratio) return aloneSizes(ratio, WIDE);
  const wide = drawn(`(${WIDE} - ${gaps}rem) / ${columns}`, cropFactor(ratio, box));
  const phone = drawn(PHONE, cropFactor(ratio, count <= 1 ? 0 : 4 / 3));
  return `(min-width: 640px) ${wide}, ${phone}`;
}

/** The most images side by side in a `natural` row: the grid's column count (docs/spec.md §2). */
export function maxColumns(count: number): number {
  if (count <= 1) return 1;
  return count <= 4 ? 2 : 3;
}

/**
 * The rows of a `natural` or `full` layout as lists of image indexes: `full` puts each image on a
 * row of its own; `natural` splits the images into as few rows as the column maximum allows, as
 * evenly as possible (5 → 3 + 2, 3 → 2 + 1, 4 → 2 + 2).
 */
export function layoutRows(layout: "natural" | "full", count: number): number[][] {
  const perRow = layout === "full" ? 1 : maxColumns(count);
  const rowCount = Math.ceil(count / perRow);
  const rows: number[][] = [];
  let next = 0;
  for (let row = 0; row < rowCount; row++) {
    const size = Math.ceil((count - next) / (rowCount - row));
    rows.push(Array.from({ length: size }, (_, i) => next + i));
    next += size;
  }
  return rows;
}

/** An image's width ÷ height; 4:3 when its size is unknown (e.g. an imported external image). */
export function imageRatio(width: number | null, height: number | null): number {
  return width && height ? width / height : 4 / 3;
}

/**
 * The widest a justified row of several images is drawn from 640 px: as tall as its shortest file
 * at most, so no image of it is drawn wider than its own pixels (a 400 px scan beside a large
 * photograph keeps the row narrower, centred, instead of both being stretched to the column).
 * Null when no image's size is known (imported external images).
 */
export function rowMaxWidth(images: { width: number | null; height: number | null }[]) {
  const heights = images.flatMap(({ width, height }) => (width && height ? [height] : []));
  if (heights.length === 0) return null;
  const ratios = images.reduce((sum, { width, height }) => sum + imageRatio(width, height), 0);
  return `calc(${Math.floor(ratios * Math.min(...heights))}px + ${(images.length - 1) * 0.75}rem)`;
}

/**
 * `sizes` for an image of a justified row: from 640 px the row's images share its width (less the
 * gaps) in proportion to their aspect ratios, so all are as tall and none is cropped; on phones
 * each takes the full width. `share` is rounded up so the file is never chosen too small. An image
 * alone on its row is capped in height (TALL_CAP_VH).
 */
export function rowSizes(ratios: number[], index: number, max = "72rem"): string {
  const WIDE = wideOf(max);
  const total = ratios.reduce((sum, ratio) => sum + ratio, 0);
  const share = Math.ceil(((ratios[index] ?? 0) / total) * 1000) / 1000;
  const gaps = (ratios.length - 1) * 0.75;
  if (ratios.length === 1) return aloneSizes(ratios[0]!, WIDE);
  return `(min-width: 640px) calc((${WIDE} - ${gaps}rem) * ${share}), calc${PHONE}`;
}
