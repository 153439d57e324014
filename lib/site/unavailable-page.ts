import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/db/availability";
import { plainPage } from "./plain-page";

/** Seconds a browser or crawler is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The page every visitor gets while the database server cannot be reached. It is plain HTML made
 * without the database (the site's layout reads its settings there), styled like the site, and
 * answered with 503 so crawlers keep the pages they have and come back later.
 */
export function unavailablePage(): Response {
  return plainPage({
    title: "Temporarily unavailable",
    body: `<p>${DATABASE_UNAVAILABLE_MESSAGE}</p>\n<a href="">Try again</a>`,
    status: 503,
    robots: "noindex",
    headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}
