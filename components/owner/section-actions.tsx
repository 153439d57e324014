"use client";

import { lazy, Suspense } from "react";
import { SignedInOnly } from "./signed-in-only";
import type { SectionActionsProps } from "./section-owner-actions";

// Loaded only once a signed-in owner is known, so visitors never download the owner code.
const Actions = lazy(() =>
  import("./section-owner-actions").then((module) => ({ default: module.Actions })),
);

/** Edit and Delete for one section of a project page, for the signed-in owner. */
export function SectionActions(props: SectionActionsProps) {
  return (
    <SignedInOnly>
      <Suspense>
        <Actions {...props} />
      </Suspense>
    </SignedInOnly>
  );
}
