"use client";

import { useSearchParams } from "next/navigation";
import { useLayoutEffect, useRef, useState, type RefObject } from "react";

/**
 * A plain GET form to /?q=… (a full page load, so the client bundle carries no form router code):
 * search works without JavaScript and results can be shared.
 */
export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const query = useSearchParams()?.get("q") ?? "";
  const box = useRef<HTMLInputElement>(null);
  // A static page's HTML holds SearchBoxFallback; once the scripts run, React swaps it for this
  // box, a new element. On a slow phone the visitor may already have typed into the old one:
  // read it before it goes (this first render comes before the swap), then carry its text,
  // focus and caret over, so the query is not lost and typing goes on where it was.
  const [typed] = useState(() => typedInto(id));
  useLayoutEffect(() => {
    const input = box.current;
    if (!typed || !input || input.value === typed.value) return;
    input.value = typed.value;
    if (!typed.focused) return;
    input.focus();
    input.setSelectionRange(typed.selectionStart, typed.selectionEnd);
  }, [typed]);
  return <SearchForm id={id} query={query} onSearch={onSearch} inputRef={box} />;
}

/** Same box before the URL is known (server render of a static shell). */
export function SearchBoxFallback({ id }: { id: string }) {
  return <SearchForm id={id} query="" />;
}

/** What a visitor typed into the box `id` already in the page, if anything. */
function typedInto(id: string) {
  if (typeof document === "undefined") return null;
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement) || input.value === input.defaultValue) return null;
  return {
    value: input.value,
    focused: document.activeElement === input,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
  };
}

function SearchForm({
  id,
  query,
  onSearch,
  inputRef,
}: {
  id: string;
  query: string;
  onSearch?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <form action="/" role="search" onSubmit={onSearch} className="relative">
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
