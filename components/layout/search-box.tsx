"use client";

import { useSearchParams } from "next/navigation";

/**
 * A plain GET form to /?q=… (a full page load, so the client bundle carries no form router code):
 * search works without JavaScript and results can be shared.
 */
export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  return <SearchForm id={id} query={useSearchParams()?.get("q") ?? ""} onSearch={onSearch} />;
}

/** Same box before the URL is known (server render of a static shell). */
export function SearchBoxFallback({ id }: { id: string }) {
  return <SearchForm id={id} query="" />;
}

function SearchForm({ id, query, onSearch }: { id: string; query: string; onSearch?: () => void }) {
  return (
    <form action="/" role="search" onSubmit={onSearch} className="relative">
      <label htmlFor={id} className="sr-only">
        Search projects
      </label>
      <input
        key={query}
        id={id}
        name="q"
        type="search"
        defaultValue={query}
        placeholder="Search projects"
        className="placeholder:text-muted w-full rounded-full border border-black/20 bg-white px-4 py-1.5 text-sm md:w-52"
      />
    </form>
  );
}
