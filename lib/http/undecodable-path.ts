/** Whether a request path holds a percent escape that is not UTF-8 (`%zz`, `%C0%AF`, a lone `%`). */
export function isUndecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The answer to such a path. Next.js 16 answers it on dynamic routes with a bare 500 before any
 * handler runs (vercel/next.js#92527), so proxy.ts answers first: the REST envelope under /api,
 * plain text elsewhere. It is the client's error, and nothing is logged as a server fault.
 */
export function refuseUndecodablePath(pathname: string): Response {
  if (pathname.startsWith("/api/"))
    return Response.json({ success: false, message: "Malformed URL", data: null }, { status: 400 });
  return new Response("Bad Request: malformed URL", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
