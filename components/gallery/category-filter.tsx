import Link from "next/link";
import type { Category } from "@/lib/domain";
import { FILTER_CATEGORIES } from "@/lib/domain";
import { galleryHref } from "@/lib/site/gallery-pages";
import { PendingMark } from "./gallery-pending";

type Filter = { value: Category | "all"; label: string; count: number };

/**
 * Filter links (plain URLs, so filtering works without JavaScript and can be shared). While the
 * next view loads, the results show the placeholder grid (gallery-pending.tsx).
 */
export function CategoryFilter({
  active,
  counts,
  total,
  query,
}: {
  active: Category | "all";
  counts: { _id: Category; count: number }[];
  total: number;
  query: string;
}) {
  const filters: Filter[] = [
    { value: "all", label: "All", count: total },
    ...FILTER_CATEGORIES.map((category) => ({
      value: category,
      label: category,
      count: counts.find((row) => row._id === category)?.count ?? 0,
    })),
  ];
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {filters.map(({ value, label, count }) => (
          <li key={value}>
            <Link
              href={galleryHref({ category: value, query })}
              aria-current={value === active ? "page" : undefined}
              className="group/filter [&[aria-current]]:border-accent [&[aria-current]]:bg-accent [&[aria-current]]:text-paper inline-flex items-center gap-2 rounded-full border border-black/15 px-4 py-1.5 text-sm font-medium transition-colors hover:border-black/50"
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
