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

/**
 * The desktop span of every card of a grid of `count` cards. Rows follow ROW_TEMPLATES; the last
 * row, when fewer cards are left than its template holds, takes a template that those cards fill:
 * one card spans all four columns, two cards take the next two-card template of the rhythm.
 */
export function desktopSpans(count: number): Span[] {
  const spans: Span[] = [];
  for (let row = 0; spans.length < count; row++) {
    const left = count - spans.length;
    const template = ROW_TEMPLATES[row % ROW_TEMPLATES.length]!;
    if (left >= template.length) spans.push(...template);
    else if (left === 1) spans.push(4);
    // Templates alternate two and three cards, so the one after a three-card row holds two.
    else spans.push(...ROW_TEMPLATES[(row + 1) % ROW_TEMPLATES.length]!);
  }
  return spans;
}

/** Literal class names, so Tailwind finds them at build time. */
const SPAN_CLASSES = {
  1: "lg:col-span-1",
  2: "lg:col-span-2",
  3: "lg:col-span-3",
  4: "lg:col-span-4",
} as const;

/** The card's spans: two columns on tablets, where an odd last card takes the whole row. */
export function spanClass(span: Span, index: number, count: number): string {
  const tablet = index === count - 1 && count % 2 === 1 ? "sm:col-span-2 " : "";
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

/** `sizes` for a card: the width its cover is drawn at on each layout, never less. */
export function cardSizes(span: Span, tabletSpan: 1 | 2, max = "96rem"): string {
  return [
    `(min-width: 1280px) ${drawnWidth(span, 4, 26, max)}`,
    `(min-width: 1024px) ${drawnWidth(span, 4, 22, max)}`,
    `(min-width: 640px) ${drawnWidth(tabletSpan, 2, 18, max)}`,
    "calc(100vw - 2.5rem)",
  ].join(", ");
}
