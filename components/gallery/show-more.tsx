"use client";

import Link from "next/link";
import { useEffect } from "react";

/**
 * Where keyboard focus goes once the next view of the gallery has rendered: the first card it
 * added. Kept outside React because the view that renders it is a new page, not this component;
 * it is only set by a click here, so a direct visit or a reload never moves focus.
 */
let pendingFocus: { href: string; index: number } | null = null;

/** A URL as the address bar shows it, so a link's href and the location compare equal. */
const normalize = (href: string) => {
  const url = new URL(href, window.location.href);
  return url.pathname + url.search;
};

/**
 * Below the gallery: how many projects are shown and, while more exist, a link to the next view.
 * The link is a plain URL (works without JavaScript, can be shared); with JavaScript the page
 * keeps its scroll position and focus moves to the first new card, so keyboard and screen-reader
 * users continue where the new projects begin.
 */
export function ShowMore({
  shown,
  total,
  nextHref,
  gridId,
}: {
  shown: number;
  total: number;
  nextHref: string | null;
  /** The id of the cards' list, to find the first new card in. */
  gridId: string;
}) {
  useEffect(() => {
    const target = pendingFocus;
    if (!target || target.href !== normalize(window.location.href)) return;
    pendingFocus = null;
    const card = document.getElementById(gridId)?.children[target.index];
    card?.querySelector<HTMLElement>("a[href]")?.focus();
  }, [gridId]);

  return (
    <div className="mt-12 flex flex-col items-center gap-4 text-center">
      <p className="text-muted text-sm tabular-nums">
        Showing {shown} of {total} projects
      </p>
      {nextHref ? (
        <Link
          href={nextHref}
          scroll={false}
          onClick={() => {
            pendingFocus = { href: normalize(nextHref), index: shown };
          }}
          className="border-accent text-accent hover:bg-accent hover:text-paper rounded-full border px-6 py-2.5 text-sm font-medium transition-colors focus-visible:outline-offset-4"
        >
          Show more projects
        </Link>
      ) : null}
    </div>
  );
}
