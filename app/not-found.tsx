import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "Page not found" };

/**
 * A 404 outside the public site's layout (e.g. from an owner page). Unknown URLs get the site's
 * own 404 page with header and footer instead (next.config.ts's fallback rewrite). No database
 * read, so it stays a static page.
 */
export default function NotFound() {
  return (
    <main id="main" className="flex-1">
      <NotFoundMessage />
    </main>
  );
}
