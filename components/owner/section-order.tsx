"use client";

import { lazy, Suspense } from "react";
import { SignedInOnly } from "./signed-in-only";
import type { SectionOrderProps } from "./section-order-panel";

// Loaded only once a signed-in owner is known: visitors never download dnd-kit or the panel.
const Panel = lazy(() =>
  import("./section-order-panel").then((module) => ({ default: module.Panel })),
);

/** "Reorder sections" on a project page with two or more sections, for the signed-in owner. */
export function SectionOrder(props: SectionOrderProps) {
  if (props.sections.length < 2) return null;
  return (
    <SignedInOnly>
      <Suspense>
        <Panel {...props} />
      </Suspense>
    </SignedInOnly>
  );
}
