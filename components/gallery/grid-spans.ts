/**
 * The gallery's five row templates on a 4-column grid (spec §2, §9): each row's column spans add
 * up to 4, so cards placed in order fill the rows exactly and the rhythm repeats every 12 cards.
 */
export const ROW_TEMPLATES = [
  [2, 2],
  [1, 1, 2],
  [3, 1],
  [1, 2, 1],
  [1, 3],
] as const;

const SPANS = ROW_TEMPLATES.flat();

/** Literal class names, so Tailwind finds them at build time. */
const SPAN_CLASSES = {
  1: "lg:col-span-1",
  2: "lg:col-span-2",
  3: "lg:col-span-3",
} as const;

export function spanOf(index: number): 1 | 2 | 3 {
  return SPANS[index % SPANS.length] ?? 1;
}

export function spanClass(index: number): string {
  return SPAN_CLASSES[spanOf(index)];
}

/** `sizes` for a card: full width on phones, half on tablets, its share of 4 columns on desktop. */
export function cardSizes(index: number): string {
  const share = Math.round((spanOf(index) / 4) * 100);
  return `(min-width: 1024px) ${share}vw, (min-width: 640px) 50vw, 100vw`;
}
