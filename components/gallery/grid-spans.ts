export type Span = 1 | 2 | 3 | 4;

/** Literal class names, so Tailwind finds them at build time. */
const SPAN_CLASSES = {
  1: "lg:col-span-1",
  2: "lg:col-span-2",
  3: "lg:col-span-3",
  4: "lg:col-span-4",
} as const;

/**
 * Tablets show two columns. With an odd number of cards the first one leads, two columns wide and
 * two rows tall (so it keeps a picture's shape rather than a strip's), and every later row holds
 * two cards: the grid never ends on a lone card.
 */
export function leadsOnTablet(index: number, count: number): boolean {
  return index === 0 && count % 2 === 1;
}

/** A grid's only card: two rows tall on desktop too, across the whole width. */
export const isLoneCard = (count: number) => count === 1;

/** The card's classes for its tablet and desktop spans. */
export function spanClass(span: Span, index: number, count: number): string {
  if (isLoneCard(count)) return "sm:col-span-2 sm:row-span-2 lg:col-span-4";
  const tablet = leadsOnTablet(index, count) ? "sm:col-span-2 sm:row-span-2 lg:row-span-1 " : "";
  return tablet + SPAN_CLASSES[span];
}

/*
 * The grid's geometry (project-cards.tsx): up to 96rem (or what the content-width setting makes it:
 * lib/site/content-width.ts) wide with 1.25rem (phones) or 2rem padding
 * per side, 0.75rem gaps, rows 18rem tall on tablets, 22rem from 1024 px and 26rem from 1280 px.
 * A card's drawn cover is the larger of its box's width and the width that a cover of COVER_RATIO
 * needs to fill the box's height (object-cover crops the rest).
 */
/** Covers have no stored size; 4:3 is the phone card's shape and the uploads' usual one. */
const COVER_RATIO = 4 / 3;

const round = (value: number) => +value.toFixed(4);

/**
 * A card box's width, `(min(100vw, max) − 4rem − gaps) × span ÷ columns + the gaps it spans`,
 * multiplied out so each card's `sizes` stays short (it is in the HTML of every card).
 */
function boxWidth(span: Span, columns: number, max: string): string {
  const share = span / columns;
  const inset = round((4 + (columns - 1) * 0.75) * share - (span - 1) * 0.75);
  const grid = max.endsWith("rem")
    ? `min(${round(100 * share)}vw, ${round(Number.parseFloat(max) * share)}rem)`
    : `${round(100 * share)}vw`;
  return `${grid} - ${inset}rem`;
}

const drawnWidth = (span: Span, columns: number, rowRem: number, max: string) =>
  `max(calc(${boxWidth(span, columns, max)}), ${round(rowRem * COVER_RATIO)}rem)`;

/** The tablet rows' height, and a leading card's: two rows and the gap between them. */
const TABLET_ROW_REM = 18;
const TABLET_LEAD_REM = 2 * TABLET_ROW_REM + 0.75;

/** Two desktop rows and the gap between them. */
const twoRows = (rowRem: number) => 2 * rowRem + 0.75;

/**
 * `sizes` for a card: the width its cover is drawn at on each layout, never less. `leads` is the
 * tablet's leading card (two columns, two rows: leadsOnTablet), `lone` a grid's only card (two
 * rows on desktop as well: isLoneCard).
 */
export function cardSizes(span: Span, leads: boolean, max = "96rem", lone = false): string {
  const rows = (rowRem: number) => (lone ? twoRows(rowRem) : rowRem);
  return [
    `(min-width: 1280px) ${drawnWidth(span, 4, rows(26), max)}`,
    `(min-width: 1024px) ${drawnWidth(span, 4, rows(22), max)}`,
    `(min-width: 640px) ${leads ? drawnWidth(2, 2, TABLET_LEAD_REM, max) : drawnWidth(1, 2, TABLET_ROW_REM, max)}`,
    "calc(100vw - 2.5rem)",
  ].join(", ");
}
