import { notFound } from "next/navigation";

/*
 * Where next.config.ts's fallback rewrite sends any URL no route takes: a 404 answered inside the
 * site's layout (header, footer) by ../not-found.tsx, rather than the bare root not-found page.
 * A rewrite, not a catch-all route: a route matching every URL would make Next.js's lint rule
 * take each plain <a href> of the site for a page link. Rendered per request: the build must not
 * open the data directory the layout reads, and caching the answer to every mistyped URL would
 * let anyone fill the page cache.
 */
export const dynamic = "force-dynamic";

export default function UnknownPage() {
  notFound();
}
