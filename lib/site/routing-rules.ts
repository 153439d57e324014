import { CATEGORIES } from "../domain.ts";
import { MAX_GALLERY_PAGE, toFilterSlug } from "./gallery-pages.ts";

/*
 * The cached public pages skip proxy.ts: `/` without a search (with or without ?category= and
 * ?page=), project pages, About and Reel. Running a proxy at all, even one that only passes the
 * request on, cost a cached page about a third of its requests per second (docs/performance.md), and
 * these pages need nothing from it: visitors carry no session, the pages never read one, and a
 * cached page does not need the database, so it stays up while the database is down.
 * What the proxy did for them is done here, in next.config.ts: the home gallery's rewrite to the
 * cached /gallery/[filter]/[page] route, and the Content-Security-Policy header.
 * proxy.ts's `config.matcher` must leave out the same paths (Next.js reads it as a literal) and
 * take only searches at `/`: lib/site/routing-rules.test.ts checks the two together with
 * Next.js's own condition matching, test/site/cache.test.ts on a running server.
 * Free of server-only imports: next.config.ts loads this file.
 */

type QueryCondition = { type: "query"; key: string; value?: string };
type HeaderCondition = { type: "header"; key: string; value?: string };
type Rewrite<Condition = QueryCondition> = {
  source: string;
  destination: string;
  has?: Condition[];
  missing?: QueryCondition[];
};

/** The cookie of protected projects opened with their password (lib/site/project-access.ts). */
export const PROJECT_ACCESS_COOKIE_NAME = "project_access";

/**
 * A Cookie header holding a session (`sb-<ref>-auth-token`, or its chunks `….0`, `….1`) or a
 * project access cookie. Next.js anchors the expression (`^…$`) and reads the whole header.
 */
export const READER_COOKIE_PATTERN = `(?:.*;\\s*)?(?:sb-[^=;]+-auth-token(?:\\.\\d+)?|${PROJECT_ACCESS_COOKIE_NAME})=.*`;

/**
 * A Cookie header holding a session: proxy.ts runs for `/sections/{id}` only then (its matcher
 * repeats this literally), to refresh an expired access token before the per-request page reads it.
 */
export const SESSION_COOKIE_PATTERN = `(?:.*;\\s*)?sb-[^=;]+-auth-token(?:\\.\\d+)?=.*`;

/** A project page's path: `/sections/{id}`. */
export const isProjectPagePath = (pathname: string) => /^\/sections\/[^/]+$/.test(pathname);

/**
 * `/sections/{id}` of a request that carries a session or a project access cookie → the
 * per-request /sections-for/{id} (docs/spec.md §11): what it shows depends on who asks (the owner
 * sees drafts, a browser that gave the password sees that protected project), so it must never be
 * the cached copy, nor fill it. Requests without those cookies, every visitor's, keep the cached
 * /sections/{id}, which always renders the visitor's view. The per-request page checks the
 * session and the cookie's signature itself: the cookie's presence only picks the route.
 */
export function projectPageRewrites(): Rewrite<HeaderCondition>[] {
  return [
    {
      source: "/sections/:projectId",
      has: [{ type: "header", key: "cookie", value: READER_COOKIE_PATTERN }],
      destination: "/sections-for/:projectId",
    },
  ];
}

/**
 * Where every URL without a page of its own is answered from: the cached project page of an id no
 * project has (newId() never makes it). Its 404 is kept once and served for every project page a
 * visitor cannot open (cache-handler.mjs, which spells the same id), so an unknown URL costs about
 * what a cached page does instead of a rendering.
 */
export const NOT_FOUND_PATH = `/sections/${"0".repeat(24)}`;

/**
 * Paths below About and Reel → NOT_FOUND_PATH: their optional catch-all segments exist only to
 * keep those pages out of the build, and each path below them would otherwise render a 404 anew.
 */
export function notFoundRewrites(): Rewrite[] {
  return ["/about/:rest+", "/reel/:rest+"].map((source) => ({
    source,
    destination: NOT_FOUND_PATH,
  }));
}

/** A `?q=` with a value is a search, rendered per request (the proxy then runs, as for any page). */
const NOT_A_SEARCH: QueryCondition[] = [{ type: "query", key: "q" }];

/** Regular expressions of Next.js's `has` conditions are anchored (`^…$`) by Next.js. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every `/` without a search → /gallery/{slug}/{N}, read as the page at `/` reads it (a value's
 * surrounding spaces aside): a category → its view, any other value or none → all; a whole
 * page 1…MAX_GALLERY_PAGE of at most three digits → that page, anything else → page 1. So odd
 * spellings (an unknown category, `?page=0`, `?page=01`) get the cached view they mean, and the
 * cache holds only the views the gallery's links lead to. Next.js anchors these expressions and
 * reads a repeated parameter's last value, as the page does.
 */
export function galleryRewrites(): Rewrite[] {
  const known = (names: readonly string[]) => `\\s*(?:${names.map(escapeRegExp).join("|")})\\s*`;
  const pages = Array.from({ length: MAX_GALLERY_PAGE }, (_, i) => String(MAX_GALLERY_PAGE - i));
  const plainPage: QueryCondition = {
    type: "query",
    key: "page",
    value: `\\s*(?=\\d{1,3}\\s*$)0*(?<page>${pages.join("|")})\\s*`,
  };
  const views: { slug: string; has: QueryCondition[]; missing: QueryCondition[] }[] = [
    {
      slug: "all",
      has: [],
      missing: [{ type: "query", key: "category", value: known(CATEGORIES) }],
    },
    ...CATEGORIES.map((category) => ({
      slug: toFilterSlug(category),
      has: [{ type: "query" as const, key: "category", value: known([category]) }],
      missing: [],
    })),
  ];
  return views.flatMap(({ slug, has, missing }) => [
    {
      source: "/",
      has: [...has, plainPage],
      missing: [...missing, ...NOT_A_SEARCH],
      destination: `/gallery/${slug}/:page`,
    },
    {
      source: "/",
      ...(has.length ? { has } : {}),
      missing: [...missing, plainPage, ...NOT_A_SEARCH],
      destination: `/gallery/${slug}/1`,
    },
  ]);
}

/** The same pages as `source` patterns of next.config.ts's `headers()`. */
export const PROXY_FREE_PAGE_SOURCES: { source: string; missing?: QueryCondition[] }[] = [
  { source: "/", missing: NOT_A_SEARCH },
  { source: "/sections/:path*" },
  { source: "/about/:path*" },
  { source: "/reel/:path*" },
];

/**
 * Whether a path is one of those pages (the query aside). proxy.ts still sees them when their path
 * holds a "%" (to refuse undecodable escapes); it then lets them pass untouched.
 */
export function isProxyFreePath(pathname: string): boolean {
  return /^\/(?:sections|about|reel)(?:\/|$)/.test(pathname);
}
