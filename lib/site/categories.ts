import type { Category } from "@/lib/validation/categories";

/** The categories offered as gallery filters, in the order of the filter bar (docs/spec.md §9). */
export const FILTER_CATEGORIES = ["Motion Design", "Illustration", "Assets & Tools"] as const;

export function parseFilterCategory(value: unknown): Category | "all" {
  return FILTER_CATEGORIES.find((category) => category === value) ?? "all";
}

/** The path segment of a cached gallery view (/gallery/[filter], lib/site/routing-rules.ts). */
export function toFilterSlug(category: Category | "all"): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The filter a gallery slug stands for, or null for a slug no filter has. */
export function parseFilterSlug(slug: string): Category | "all" | null {
  if (slug === "all") return "all";
  return FILTER_CATEGORIES.find((category) => toFilterSlug(category) === slug) ?? null;
}
