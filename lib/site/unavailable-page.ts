import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/db/availability";

/** Seconds a browser or crawler is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The page every visitor gets while the database server cannot be reached. It is plain HTML made
 * without the database (the site's layout reads its settings there), styled like the site, and
 * answered with 503 so crawlers keep the pages they have and come back later.
 */
export function unavailablePage(): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafaf8;
    color: #111111; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
  p { color: #5c5c5c; line-height: 1.5; margin: 0 0 1.5rem; }
  a { color: #111111; font-weight: 600; }
  a:focus-visible { outline: 2px solid #c2410c; outline-offset: 2px; }
</style>
</head>
<body>
<main id="main">
<h1>Temporarily unavailable</h1>
<p>${DATABASE_UNAVAILABLE_MESSAGE}</p>
<a href="">Try again</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
  });
}
