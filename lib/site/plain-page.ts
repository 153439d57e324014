/**
 * A page of plain HTML styled like the site, made without the database or the site's layout:
 * what proxy.ts answers before any page renders (the database unreachable, an expired review
 * link). `body` is trusted HTML; `head` adds to the document's head.
 */
export function plainPage({
  title,
  body,
  status,
  robots,
  head = "",
  headers,
}: {
  title: string;
  body: string;
  status: number;
  robots: string;
  head?: string;
  headers: Record<string, string>;
}): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">${head}
<title>${title}</title>
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
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
}
