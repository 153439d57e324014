import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "Page not found" };

/** Unknown URLs outside the site's pages: no database read, so it stays a static page. */
export default function NotFound() {
  return (
    <main id="main" className="flex-1">
      <NotFoundMessage />
    </main>
  );
}
