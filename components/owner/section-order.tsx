"use client";

import { signedInLazy } from "./signed-in-only";
import type { SectionOrderProps } from "./section-order-panel";

// Visitors never download dnd-kit or the panel.
const Panel = signedInLazy(() => import("./section-order-panel"), "Panel");

/** "Reorder sections" on a project page with two or more sections, for the signed-in owner. */
export function SectionOrder(props: SectionOrderProps) {
  if (props.sections.length < 2) return null;
  return <Panel {...props} />;
}
