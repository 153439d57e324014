// Raw HTML bytes per gallery card: two gallery views with different card counts,
// fitted as bytes = fixed + perCard × cards, so the page's own weight and each card's are apart.

export type CardPage = { path: string; cards: number; bytes: number };
export type CardFit = { perCard: number; fixed: number; pages: CardPage[] };

/** Every project card the gallery markup holds (components/gallery/project-cards.tsx marks each). */
export function countCards(html: string): number {
  return html.match(/data-testid="project-card"/g)?.length ?? 0;
}

/** The straight line through two views; null unless their card counts differ. */
export function fitBytesPerCard(pages: CardPage[]): CardFit | null {
  const [a, b] = [...pages].sort((x, y) => x.cards - y.cards);
  if (!a || !b || a.cards === b.cards) return null;
  const perCard = (b.bytes - a.bytes) / (b.cards - a.cards);
  return { perCard: Math.round(perCard), fixed: Math.round(a.bytes - perCard * a.cards), pages };
}

/** The budget: the home page's raw HTML ≤ 2 kB per card shown + 25 kB. */
export const HTML_PER_CARD_BUDGET = 2 * 1024;
export const HTML_FIXED_BUDGET = 25 * 1024;
export const htmlBudgetFor = (cards: number) => HTML_PER_CARD_BUDGET * cards + HTML_FIXED_BUDGET;
