import { spanClass, type Span } from "./grid-spans";

/** Eight cards in three rows of the rhythm (grid-rows.ts), written out: this grid is client code. */
const SPANS: Span[] = [2, 2, 1, 1, 2, 1, 2, 1];

/** The placeholder grid with the spec's loading text, shown while projects load. */
export function PlaceholderGrid() {
  return (
    <div aria-busy="true">
      <p role="status" className="text-muted mb-6 text-sm">
        Loading projects ...
      </p>
      <ul
        aria-hidden="true"
        className="grid grid-cols-1 gap-3 sm:auto-rows-[18rem] sm:grid-cols-2 lg:auto-rows-[22rem] lg:grid-cols-4 xl:auto-rows-[26rem]"
      >
        {SPANS.map((span, index) => (
          <li
            key={index}
            className={`aspect-[4/3] animate-pulse rounded-sm bg-stone-200 sm:aspect-auto ${spanClass(span, index, SPANS.length)}`}
          />
        ))}
      </ul>
    </div>
  );
}

/** The whole page's placeholder while a search renders (the search route's loading.tsx). */
export function GallerySkeleton() {
  return (
    <div className="mx-auto max-w-(--gallery-max) px-5 py-10 sm:px-8">
      <PlaceholderGrid />
    </div>
  );
}
