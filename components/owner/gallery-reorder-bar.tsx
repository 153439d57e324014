"use client";

import { useId } from "react";

/**
 * The Reorder toggle above the home gallery and, while it is on, the hint beside it: owner code,
 * loaded by GalleryReorder only once a signed-in owner is known.
 */
export function GalleryReorderBar({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const hintId = useId();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
      {on ? (
        <p id={hintId} className="text-muted mr-auto text-sm">
          Drag the projects by their handles into the order you want. Projects not shown here keep
          their places.
        </p>
      ) : null}
      <button
        type="button"
        aria-pressed={on}
        aria-describedby={on ? hintId : undefined}
        onClick={onToggle}
        className="border-ink aria-pressed:bg-ink aria-pressed:text-paper text-ink rounded-full border px-5 py-2 text-sm font-medium transition-colors hover:bg-black/5 aria-pressed:hover:bg-black/80"
      >
        Reorder
      </button>
    </div>
  );
}
