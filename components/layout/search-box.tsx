"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useLayoutEffect, useRef, useState, type RefObject } from "react";

/**
 * A plain GET form to /?q=… (a full page load, so the client bundle carries no form router code):
 * search works without JavaScript and results can be shared.
 */
export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const params = useSearchParams();
  const query = params?.get("q") ?? "";
  // A search from a category's view of the gallery looks in that category; a repeated parameter
  // counts by its last value, as the gallery reads it. (The page's HTML holds the fallback, so
  // before the scripts run a search looks in every category.)
  const category = usePathname() === "/" ? (params?.getAll("category").at(-1) ?? "") : "";
  const box = useRef<HTMLInputElement>(null);
  // A static page's HTML holds SearchBoxFallback; once the scripts run, React swaps it for this
  // box, a new element. On a slow device or connection the visitor may already be in the old one,
  // even typing: find it in this first render (it comes before the swap), then carry its text,
  // focus and caret over, so the query is not lost and typing goes on where it was.
  const [shell] = useState(() => shellBox(id));
  useLayoutEffect(() => {
    const input = box.current;
    if (!shell || !input || shell.input === input) return; // hydrated in place: nothing to carry
    // Read now, not in the render: hydration may pause between the two, and autofill, dictation
    // or an input method can still change the old box meanwhile; a removed input keeps both.
    const { value, selectionStart, selectionEnd } = shell.input;
    if (value !== shell.input.defaultValue && value !== input.value) input.value = value;
    if (!shell.focused || document.activeElement === input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(selectionStart, selectionEnd);
  }, [shell]);
  return (
    <SearchForm id={id} query={query} category={category} onSearch={onSearch} inputRef={box} />
  );
}

/** Same box before the URL is known (server render of a static shell). */
export function SearchBoxFallback({ id }: { id: string }) {
  return <SearchForm id={id} query="" />;
}

/** The box `id` already in the page, and whether it has the focus. */
function shellBox(id: string) {
  if (typeof document === "undefined") return null;
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) return null;
  return { input, focused: document.activeElement === input };
}

function SearchForm({
  id,
  query,
  category = "",
  onSearch,
  inputRef,
}: {
  id: string;
  query: string;
  category?: string;
  onSearch?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <form action="/" role="search" onSubmit={onSearch} className="relative">
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <label htmlFor={id} className="sr-only">
        Search projects
      </label>
      <input
        ref={inputRef}
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
