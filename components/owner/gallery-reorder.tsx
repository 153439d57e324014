"use client";

import { Suspense, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { lazyExport } from "@/components/ui/lazy-export";
import type { GalleryOrderProject } from "./gallery-order-panel";

// The toggle loads once a signed-in owner is known, the sortable grid (and dnd-kit with it) only
// when the owner turns Reorder on: visitors download neither.
const Bar = lazyExport(() => import("./gallery-reorder-bar"), "GalleryReorderBar");
const Panel = lazyExport(() => import("./gallery-order-panel"), "GalleryOrderPanel");

/**
 * The home gallery's Reorder mode (docs/spec.md §2), for the signed-in owner: a
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
  const owner = Boolean(user) && projects.length >= 2;
  // One shape whether or not the owner is known yet: the cards stay the second child, so the
  // moment the session is read they are not remounted (a focused card would lose its focus).
  return (
    <>
      {owner ? (
        <Suspense>
          <Bar on={on} onToggle={() => setOn((value) => !value)} />
        </Suspense>
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
