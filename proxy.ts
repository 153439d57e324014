import { NextResponse, type NextRequest } from "next/server";
import { getSupabasePublicConfig } from "@/lib/supabase/config";
import { isDatabaseReachable } from "@/lib/db/availability";
import { contentSecurityPolicy } from "@/lib/security-headers";
import { updateSession } from "@/lib/supabase/proxy";
import { parseFilterCategory, toFilterSlug, parseGalleryPage } from "@/lib/site/gallery-pages";
import { isProjectPagePath, isProxyFreePath } from "@/lib/site/routing-rules";
import { unavailablePage } from "@/lib/site/unavailable-page";
import { isUndecodablePath, refuseUndecodablePath } from "@/lib/http/undecodable-path";
import { isExpiredReviewPath, reviewExpiredPage } from "@/lib/site/review-expired-page";

/** The last value of a query parameter, the one Next.js's rewrite and matcher conditions read. */
const lastParam = (params: URLSearchParams, key: string) => params.getAll(key).at(-1);

/**
 * The home gallery without a search is the same page for every visitor: next.config.ts rewrites
 * `/` with any `?category=` and `?page=` to the cached /gallery/[filter]/[page] route without
 * running this proxy (lib/site/routing-rules.ts). A `?q=` of spaces only comes here (see the
 * matcher) and gets the cached view it means, read as the page at `/` reads it.
 */
function galleryRewrite(request: NextRequest): URL | undefined {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname !== "/" || lastParam(searchParams, "q")?.trim()) return undefined;
  const target = request.nextUrl.clone();
  const category = parseFilterCategory(lastParam(searchParams, "category")?.trim());
  target.pathname = `/gallery/${toFilterSlug(category)}/${parseGalleryPage(lastParam(searchParams, "page"))}`;
  target.search = "";
  return target;
}

// Set here, not in next.config.ts: the hosted Supabase origin is run-time configuration, fixed
// for the life of the process, so the policy is built once rather than on every request.
let policy: string | undefined;
const readPolicy = () =>
  (policy ??= contentSecurityPolicy({
    // Inlined at build time (see lib/env.ts): a production build is production.
    production: process.env.NODE_ENV === "production",
    supabaseUrl: getSupabasePublicConfig().url ?? undefined,
    // Owner forms upload straight to Cloudinary when it stores the media.
    cloudinaryUrl: process.env.CLOUDINARY_URL || undefined,
  }));

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isUndecodablePath(pathname)) return refuseUndecodablePath(pathname);
  // API, media and the cached public pages reach the proxy only for a "%" in the path (see the
  // matcher): no session work, and those pages' CSP comes from next.config.ts.
  if (/^\/(?:api|media)\//.test(pathname)) return NextResponse.next();
  if (isProxyFreePath(pathname)) {
    // A project page asked with a session cookie (the matcher's cookie entry) is rendered per
    // request for its reader: an expired access token is refreshed first, or the owner would get
    // the visitor's view (a draft's 404) until the browser refreshed it. While the database is
    // down the session is left as it is.
    const refresh = isProjectPagePath(pathname) && (await isDatabaseReachable());
    return refresh ? updateSession(request) : NextResponse.next();
  }
  // A cached gallery view, like those next.config.ts rewrites: no session, no database check (it
  // is served from the cache while the database is down).
  const gallery = galleryRewrite(request);
  // A page cannot set its own status once rendering fails (error boundaries answer 500, or 200
  // once streaming began), so an unreachable PostgreSQL server is answered here, before the page.
  const reachable = !gallery && (await isDatabaseReachable());
  // An expired review link answers 410 with its own page (a page cannot set that status).
  // A failed lookup is left to the page, which answers what it can.
  if (reachable && (await isExpiredReviewPath(pathname).catch(() => false)))
    return reviewExpiredPage();
  const response = gallery
    ? NextResponse.rewrite(gallery)
    : reachable
      ? await updateSession(request)
      : unavailablePage();
  response.headers.set("Content-Security-Policy", readPolicy());
  return response;
}

export const config = {
  // Not the auth service itself, the REST API, build assets, media files or other static files.
  // The API must stay out: with a proxy Next.js buffers request bodies (10 MB by default) and cuts
  // longer ones, which breaks 50 MB video uploads and streaming; its handlers check the session.
  // API and media paths come here only when they hold a "%", to refuse undecodable ones (above):
  // real ids and media keys are hex, so uploads never pass through the proxy.
  // Nor the cached public pages (lib/site/routing-rules.ts, the same list): project pages,
  // About and Reel only for a "%" in the path, `/` only with a `?q=`.
  // Literal values, as Next.js reads the matcher at build time; lib/site/routing-rules.test.ts
  // checks them against those constants.
  matcher: [
    "/(api|media)/(.*%.*)",
    "/(sections|about|reel)(.*%.*)",
    // A project page for a signed-in reader: the session is refreshed (above). SESSION_COOKIE_PATTERN.
    {
      source: "/sections/:projectId",
      has: [
        { type: "header", key: "cookie", value: "(?:.*;\\s*)?sb-[^=;]+-auth-token(?:\\.\\d+)?=.*" },
      ],
    },
    { source: "/", has: [{ type: "query", key: "q" }] },
    "/((?!auth/v1/|api/|_next/static|_next/image|media/|(?:sections|about|reel)(?:/|$)|favicon\\.ico|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|js|map|txt|xml|woff2?|mp4)$).+)",
  ],
};
