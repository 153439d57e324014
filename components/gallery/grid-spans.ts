/**
 * The gallery's five row templates on a 4-column grid (docs/spec.md §2, §9): each row's column spans add
 * up to 4, so cards placed in order fill the rows exactly and the rhythm repeats every 12 cards.
 */
export const ROW_TEMPLATES = [
  [2, 2],
  [1, 1, 2],
  [3, 1],
  [1, 2, 1],
  [1, 3],
] as const;

export type Span = 1 | 2 | 3 | 4;

const cardsIn = (row: number) => ROW_TEMPLATES[row % ROW_TEMPLATES.length]!;

/** The first template from row `row` on that holds `cards` cards (templates hold two or three). */
function templateFor(cards: number, row: number): readonly Span[] {
  for (let next = row; ; next++) if (cardsIn(next).length === cards) return cardsIn(next);
}

/**
 * The desktop span of every card of a grid of `count` cards. Rows follow ROW_TEMPLATES. A short
 * last row takes a template that its cards fill, and a grid never ends in one card stretched over
 * all four columns (a ~3.3:1 strip): a lone card left after a row of two joins it as a row of
 * three; after a row of three, the four cards make two rows of two. A grid of one card spans the
 * four columns and two rows (spanClass), a picture's shape rather than a strip's.
 */
export function desktopSpans(count: number): Span[] {
  if (count === 1) return [4];
  const rows: (readonly Span[])[] = [];
  let placed = 0;
  for (let row = 0; placed < count; row++) {
    const left = count - placed;
    const template = cardsIn(row);
    if (left >= template.length) rows.push(template);
    else if (left === 2) rows.push(templateFor(2, row));
    else {
      // One card left: the row before it and this card, re-dealt.
      const previous = rows.pop()!;
      if (previous.length === 2) rows.push(templateFor(3, row - 1));
      else rows.push(templateFor(2, row - 1), templateFor(2, row + 1));
    }
    placed = rows.reduce((sum, cards) => sum + cards.length, 0);
  }
  return rows.flat();
}

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
