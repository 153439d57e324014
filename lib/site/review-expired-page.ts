import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { reviewMessages } from "@/lib/validation/review-messages";
import { reviewLinks } from "@/models";
import { plainPage } from "./plain-page";

const REVIEW_PATH = /^\/r\/([A-Za-z0-9_-]{43})\/?$/;

/**
 * Whether a path is a review page whose link has expired (not revoked: that is a 404). One
 * indexed read, for /r/{token} paths only: proxy.ts asks before the page renders.
 */
export async function isExpiredReviewPath(pathname: string, now = new Date()): Promise<boolean> {
  const token = REVIEW_PATH.exec(pathname)?.[1];
  if (!token) return false;
  const db = await getDb();
  const [link] = await db
    .select({ expiresAt: reviewLinks.expiresAt, revokedAt: reviewLinks.revokedAt })
    .from(reviewLinks)
    .where(eq(reviewLinks.token, token));
  return Boolean(link && !link.revokedAt && link.expiresAt && link.expiresAt <= now);
}

/**
 * What an expired review link answers (docs/spec.md §13): 410 with a plain page saying so, made
 * by proxy.ts before any page renders (a page cannot choose its status), never cached or indexed.
 */
export function reviewExpiredPage(): Response {
  return plainPage({
    title: reviewMessages.linkExpired,
    body: `<p>${reviewMessages.linkExpiredHelp}</p>`,
    status: 410,
    robots: "noindex, nofollow",
    head: '\n<meta name="referrer" content="no-referrer">',
    headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" },
  });
}
