import Link from "next/link";
import type { Category } from "@/lib/domain";
import { formatCategory } from "@/lib/domain";
import { galleryHref } from "@/lib/site/gallery-pages";
import { PendingMark } from "./gallery-pending";

type Filter = { value: Category | "all"; label: string; count: number };

/**
 * Filter links (plain URLs, so filtering works without JavaScript and can be shared). While the
 * next view loads, the results show the placeholder grid (gallery-pending.tsx). On phones the
 * links stay on one row that scrolls sideways, so the work starts high on the screen.
 */
export function CategoryFilter({
  active,
  categories,
  counts,
  total,
  query,
}: {
  active: Category | "all";
  /** The categories the bar offers, in order (filterCategoriesFor in lib/domain.ts). */
  categories: readonly Category[];
  counts: { _id: Category; count: number }[];
  total: number;
  query: string;
}) {
  const filters: Filter[] = [
    { value: "all", label: "All", count: total },
    ...categories.map((category) => ({
      value: category,
      label: formatCategory(category),
      count: counts.find((row) => row._id === category)?.count ?? 0,
    })),
  ];
  return (
    <nav aria-label="Categories">
      <ul className="-mx-5 flex scroll-px-5 [scrollbar-width:none] gap-2 overflow-x-auto px-5 py-0.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {filters.map(({ value, label, count }) => (
          <li key={value} className="shrink-0">
            <Link
              href={galleryHref({ category: value, query })}
              aria-current={value === active ? "page" : undefined}
              // The label and its count as words ("All, 7 projects"), not run together ("All7").
              // On phones the row opens scrolled to the current filter (CSS only, no script).
              aria-label={`${label}, ${count} ${count === 1 ? "project" : "projects"}`}
              className="group/filter [&[aria-current]]:border-accent [&[aria-current]]:bg-accent [&[aria-current]]:text-paper inline-flex items-center gap-2 rounded-full border border-black/15 px-4 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:border-black/50 max-sm:[&[aria-current]]:[scroll-initial-target:nearest]"
            >
              {label}
              <span className="tabular-nums opacity-70 group-aria-[current=page]/filter:opacity-100">
                {count}
              </span>
              <PendingMark />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
