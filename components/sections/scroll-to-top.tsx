"use client";

import { useSyncExternalStore } from "react";

/** docs/spec.md §9: the button appears once the page is scrolled past 100 px. */
const THRESHOLD_PX = 100;

function subscribe(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

export function ScrollToTop() {
  const visible = useSyncExternalStore(
    subscribe,
    () => window.scrollY > THRESHOLD_PX,
    () => false,
  );
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className="bg-ink text-paper fixed right-5 bottom-5 z-20 rounded-full px-4 py-2.5 text-sm font-medium shadow-lg hover:bg-black"
    >
      ↑ Back to top
    </button>
  );
}
