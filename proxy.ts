import { NextResponse, type NextRequest } from "next/server";
import { getSupabasePublicConfig } from "@/lib/auth/config";
import { isDatabaseReachable } from "@/lib/db/availability";
import { contentSecurityPolicy } from "@/lib/security-headers";
import { updateSession } from "@/lib/supabase/proxy";
import { parseFilterCategory, toFilterSlug } from "@/lib/site/categories";
import { parseGalleryPage } from "@/lib/site/gallery-pages";
import { isProxyFreePath } from "@/lib/site/proxy-free-pages";
import { unavailablePage } from "@/lib/site/unavailable-page";
import { isUndecodablePath, refuseUndecodablePath } from "@/lib/undecodable-path";

/**
 * The home gallery without a search is the same page for every visitor: next.config.ts rewrites
 * `/`, `/?category=X` and their `&page=N` to the cached /gallery/[filter]/[page] route without
 * running this proxy (lib/site/proxy-free-pages.ts). A `?q=` of spaces only reaches the proxy and
 * is no search either: it gets the same cached view, its category and page read as the page does.
 */
function galleryRewrite(request: NextRequest): URL | undefined {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname !== "/" || searchParams.get("q")?.trim()) return undefined;
  const target = request.nextUrl.clone();
  const filter = toFilterSlug(parseFilterCategory(searchParams.get("category")?.trim()));
  target.pathname = `/gallery/${filter}/${parseGalleryPage(searchParams.get("page"))}`;
  target.search = "";
  return target;
}

// Set here, not in next.config.ts: the hosted Supabase origin is run-time configuration, fixed
// for the life of the process, so the policy is built once rather than on every request.
let policy: string | undefined;
const readPolicy = () =>
  (policy ??= contentSecurityPolicy({
    production: process.env.NODE_ENV === "production",
    supabaseUrl: getSupabasePublicConfig().url ?? undefined,
  }));

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isUndecodablePath(pathname)) return refuseUndecodablePath(pathname);
  // API, media and the cached public pages reach the proxy only for a "%" in the path (see the
  // matcher): no session work, and those pages' CSP comes from next.config.ts.
  if (/^\/(?:api|media)\//.test(pathname) || isProxyFreePath(pathname)) return NextResponse.next();
  // A page cannot set its own status once rendering fails (error boundaries answer 500, or 200
  // once streaming began), so an unreachable PostgreSQL server is answered here, before the page.
  const response = (await isDatabaseReachable())
    ? await updateSession(request, galleryRewrite(request))
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
  // Nor the cached public pages (lib/site/proxy-free-pages.ts, the same list): `/` only for a
  // search, project pages, About and Reel only for a "%" in the path.
  matcher: [
    "/(api|media)/(.*%.*)",
    "/(sections|about|reel)(.*%.*)",
    { source: "/", has: [{ type: "query", key: "q" }] },
    "/((?!auth/v1/|api/|_next/static|_next/image|media/|(?:sections|about|reel)(?:/|$)|favicon\\.ico|.*\\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|js|map|txt|xml|woff2?|mp4)$).+)",
  ],
};
