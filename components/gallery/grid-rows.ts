import type { Span } from "./grid-spans";

/**
 * The gallery's five row templates on a 4-column grid (docs/spec.md §2, §9): each row's column spans add
 * up to 4, so cards placed in order fill the rows exactly and the rhythm repeats every 12 cards.
 * Worked out on the server: the cards (grid-spans.ts, a client module) get the spans as a prop.
 */
export const ROW_TEMPLATES = [
  [2, 2],
  [1, 1, 2],
  [3, 1],
  [1, 2, 1],
  [1, 3],
] as const;

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
