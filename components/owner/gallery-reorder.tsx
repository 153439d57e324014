"use client";

import { lazy, Suspense, useId, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import type { GalleryOrderProject } from "./gallery-order-panel";

// The sortable grid (and dnd-kit with it) loads only when a signed-in owner turns Reorder on:
// visitors never download it.
const Panel = lazy(() =>
  import("./gallery-order-panel").then((module) => ({ default: module.GalleryOrderPanel })),
);

/**
 * The home gallery's Reorder mode (docs/spec.md §2, issue 17 item 1), for the signed-in owner: a
 * toggle above the cards; while it is on, the shown projects are a sortable grid (no links, so a
 * drag never opens a project) and turning it off gives the normal cards back. Visitors get the
 * cards only, and so does the owner while the view shows fewer than two projects.
 */
export function GalleryReorder({
  projects,
  children,
}: {
  /** The projects the view shows, newest first as on screen. */
  projects: GalleryOrderProject[];
  /** The normal gallery grid. */
  children: React.ReactNode;
}) {
  const { user } = useAuth();
  const [on, setOn] = useState(false);
  const hintId = useId();
  const owner = Boolean(user) && projects.length >= 2;
  // One shape whether or not the owner is known yet: the cards stay the second child, so the
  // moment the session is read they are not remounted (a focused card would lose its focus).
  return (
    <>
      {owner ? (
        <div className="mb-4 flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
          {on ? (
            <p id={hintId} className="text-muted mr-auto text-sm">
              Drag the projects by their handles into the order you want. Projects not shown here
              keep their places.
            </p>
          ) : null}
          <button
            type="button"
            aria-pressed={on}
            aria-describedby={on ? hintId : undefined}
            onClick={() => setOn((value) => !value)}
            className="border-ink aria-pressed:bg-ink aria-pressed:text-paper text-ink rounded-full border px-5 py-2 text-sm font-medium transition-colors hover:bg-black/5 aria-pressed:hover:bg-black/80"
          >
            Reorder
          </button>
        </div>
      ) : null}
      {owner && on ? (
        <Suspense fallback={children}>
          <Panel projects={projects} />
        </Suspense>
      ) : (
        children
      )}
    </>
  );
}
