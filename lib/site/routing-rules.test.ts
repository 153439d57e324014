import { describe, expect, it } from "vitest";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { config } from "@/proxy";
import { CATEGORIES } from "@/lib/domain";
import { parseFilterCategory, toFilterSlug } from "@/lib/site/gallery-pages";
import { MAX_GALLERY_PAGE, parseGalleryPage } from "./gallery-pages";
import {
  galleryRewrites,
  isProjectPagePath,
  projectPageRewrites,
  SESSION_COOKIE_PATTERN,
} from "./routing-rules";

type Query = Record<string, string | string[]>;
type Condition = { type: "query"; key: string; value?: string };
type Entry = { source: string; has?: Condition[]; missing?: Condition[] };

// Conditions are matched by Next.js's own code (anchored expressions, a repeated parameter's last
// value), so this checks what the server does, not a copy of its rules.
const matches = (query: Query, entry: Entry) =>
  matchHas({ headers: {} } as never, query, entry.has ?? [], entry.missing ?? []);

const last = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.at(-1) : value;

/** What the page at `/` shows for a query without a search: its category and page. */
const meant = (query: Query) =>
  `/gallery/${toFilterSlug(parseFilterCategory(last(query.category)?.trim()))}/${parseGalleryPage(last(query.page))}`;

/**
 * Where `/?{query}` is served from: "proxy" when proxy.ts's matcher takes it (it runs before
 * next.config.ts's rewrites and maps the query itself), the cached view a rewrite names, or "page",
 * the per-request page at `/` reached without the proxy.
 */
function route(query: Query): string {
  const rootEntries = (config.matcher as (string | Entry)[]).filter(
    (entry): entry is Entry => typeof entry === "object" && entry.source === "/",
  );
  if (rootEntries.some((entry) => matches(query, entry))) return "proxy";
  for (const rewrite of galleryRewrites()) {
    const params = matches(query, rewrite);
    if (params) return rewrite.destination.replace(":page", String(params.page));
  }
  return "page";
}

const categories = [
  undefined,
  "",
  ...CATEGORIES,
  "illustration",
  " Illustration",
  "Nope",
  "Frame-by-Frame",
  "Motion Design|Illustration",
  "Assets & Tools.",
  ["Nope", "Illustration"],
  ["Illustration", "Nope"],
];
const pages = [
  undefined,
  "",
  ...Array.from({ length: MAX_GALLERY_PAGE + 2 }, (_, i) => String(i)),
  "00",
  "01",
  "010",
  " 2",
  "2.0",
  "-1",
  "1e1",
  "1000",
  ["2", "0"],
  ["0", "2"],
];
const searches = [undefined, "", "  ", "paper", ["paper", ""], ["", "paper"]];

describe("the home gallery's routes (next.config.ts rewrites, proxy.ts matcher)", () => {
  it("sends every spelling of a category and page to the cached view it means, and only searches to the page at /", () => {
    let rewritten = 0;
    let proxied = 0;
    for (const category of categories)
      for (const page of pages)
        for (const q of searches) {
          const query: Query = {};
          if (category !== undefined) query.category = category;
          if (page !== undefined) query.page = page;
          if (q !== undefined) query.q = q;
          const where = route(query);
          const label = JSON.stringify(query);
          // A search always runs the proxy (per-request page, session, database check).
          if (last(q)?.trim()) expect(where, label).toBe("proxy");
          // Never the per-request page without the proxy: rendered for nothing, no 503 if down.
          expect(where, label).not.toBe("page");
          if (where === "proxy") proxied++;
          else {
            expect(where, label).toBe(meant(query));
            rewritten++;
          }
        }
    // Both paths are exercised: the links' own spellings skip the proxy.
    expect(rewritten).toBeGreaterThan(1000);
    expect(proxied).toBeGreaterThan(1000);
  });

  it("rewrites the gallery links' own URLs without the proxy", () => {
    expect(route({})).toBe("/gallery/all/1");
    expect(route({ page: "2" })).toBe("/gallery/all/2");
    expect(route({ category: "Assets & Tools", page: String(MAX_GALLERY_PAGE) })).toBe(
      `/gallery/assets-tools/${MAX_GALLERY_PAGE}`,
    );
    for (const category of CATEGORIES)
      expect(route({ category })).toBe(`/gallery/${toFilterSlug(category)}/1`);
  });
});

/** Cookie headers as browsers send them (undefined: none at all). */
const SESSION_COOKIES = [
  "sb-localhost-auth-token=base64-eyJ",
  "theme=dark; sb-127-auth-token.0=base64-a; sb-127-auth-token.1=b",
];
const ACCESS_COOKIES = ["project_access=abc.def", "a=1;project_access=abc.def"];
const OTHER_COOKIES = [
  undefined,
  "",
  "theme=dark",
  "xproject_access=1",
  "note=project_access",
  "sb-auth-token=1",
];
const requestWith = (cookie: string | undefined) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as never;

describe("project pages of readers with a session or an access cookie (docs/spec.md §11)", () => {
  const [rewrite] = projectPageRewrites();
  const routed = (cookie: string | undefined) =>
    Boolean(matchHas(requestWith(cookie), {}, rewrite!.has ?? [], rewrite!.missing ?? []));

  it("sends the owner's and opened protected projects' requests to the per-request route", () => {
    expect(rewrite).toMatchObject({
      source: "/sections/:projectId",
      destination: "/sections-for/:projectId",
    });
    for (const cookie of [...SESSION_COOKIES, ...ACCESS_COOKIES])
      expect(routed(cookie), cookie).toBe(true);
  });

  it("keeps every other request on the cached page", () => {
    for (const cookie of OTHER_COOKIES) expect(routed(cookie), cookie).toBe(false);
  });
});

describe("the project page for a signed-in reader (proxy.ts matcher)", () => {
  type CookieEntry = { source: string; has: { type: "header"; key: string; value: string }[] };
  const entry = (config.matcher as (string | CookieEntry)[]).find(
    (item): item is CookieEntry =>
      typeof item === "object" && item.source === "/sections/:projectId",
  );
  const runs = (cookie: string | undefined) =>
    Boolean(matchHas(requestWith(cookie), {}, entry!.has, []));

  it("runs the proxy (to refresh the session) only when a session cookie is sent", () => {
    expect(entry?.has).toEqual([{ type: "header", key: "cookie", value: SESSION_COOKIE_PATTERN }]);
    for (const cookie of SESSION_COOKIES) expect(runs(cookie), cookie).toBe(true);
    for (const cookie of [...ACCESS_COOKIES, ...OTHER_COOKIES])
      expect(runs(cookie), cookie).toBe(false);
    expect(isProjectPagePath("/sections/0123456789abcdef01234567")).toBe(true);
    expect(isProjectPagePath("/sections")).toBe(false);
    expect(isProjectPagePath("/sections/a/b")).toBe(false);
    expect(isProjectPagePath("/about")).toBe(false);
  });
});
