import { CATEGORIES, type Category } from "../domain.ts";

/*
 * The home gallery shows its newest projects first, GALLERY_PAGE_SIZE at a time: `?page=N` shows
 * the first N × GALLERY_PAGE_SIZE cards and a "Show more projects" link leads to N + 1. Each view
 * holds every card before it, so a shared link or a reload shows what the visitor had on screen;
 * a 200-project gallery is no longer one 950 kB page that every first visit pays for.
 * The page size is two turns of the 12-card column-span rhythm (grid-spans.ts), so every full
 * page ends on a complete row on large screens.
 */
export const GALLERY_PAGE_SIZE = 24;

/**
 * Highest page a URL can ask for: the cached views (/gallery/[filter]/[page]) stay bounded
 * whatever URLs visitors make up; 100 pages hold 2,400 projects.
 */
export const MAX_GALLERY_PAGE = 100;

/** The page a `?page=` value asks for: 1 unless it is a whole number from 1 to MAX_GALLERY_PAGE. */
export function parseGalleryPage(value: unknown): number {
  if (typeof value !== "string" || !/^\d{1,3}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && page <= MAX_GALLERY_PAGE ? page : 1;
}

/** How many of `total` cards page `page` shows. */
export function shownOnPage(page: number, total: number): number {
  return Math.min(total, page * GALLERY_PAGE_SIZE);
}

/** The URL of a gallery view: plain query strings, so each one works without JavaScript. */
export function galleryHref({
  category,
  query = "",
  page = 1,
}: {
  category: Category | "all";
  query?: string;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (category !== "all") params.set("category", category);
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

/**
 * The gallery filter a `?category=` value asks for: a category, else all. Any category has its
 * view, since the owner's `filterCategories` setting may offer each; the view itself shows all
 * projects for a category its filter bar does not offer (gallery-view.tsx).
 */
export function parseFilterCategory(value: unknown): Category | "all" {
  return CATEGORIES.find((category) => category === value) ?? "all";
}

/** The path segment of a cached gallery view (/gallery/[filter], routing-rules.ts). */
export function toFilterSlug(category: Category | "all"): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The filter a gallery slug stands for, or null for a slug no filter has. */
export function parseFilterSlug(slug: string): Category | "all" | null {
  if (slug === "all") return "all";
  return CATEGORIES.find((category) => toFilterSlug(category) === slug) ?? null;
}
