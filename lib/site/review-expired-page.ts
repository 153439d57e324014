import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { reviewMessages } from "@/lib/validation/review-messages";
import { reviewLinks } from "@/models";

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
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${reviewMessages.linkExpired}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafaf8;
    color: #111111; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
  p { color: #5c5c5c; line-height: 1.5; margin: 0; }
</style>
</head>
<body>
<main id="main">
<h1>${reviewMessages.linkExpired}</h1>
<p>${reviewMessages.linkExpiredHelp}</p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 410,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
