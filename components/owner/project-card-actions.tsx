"use client";

import { lazy, Suspense } from "react";
import type { EditableProject } from "./edit-project-dialog";
import { SignedInOnly } from "./signed-in-only";

// The dialogs and forms behind these buttons load only once a signed-in owner is known, so
// visitors never download them.
// (React.lazy rather than next/dynamic: nothing to render on the server, and no extra runtime.)
const CardActions = lazy(() =>
  import("./project-card-owner-actions").then((module) => ({ default: module.CardActions })),
);

/** Edit and Delete on a gallery card, for the signed-in owner. */
export function ProjectCardActions({ project }: { project: EditableProject }) {
  return (
    <SignedInOnly>
      <Suspense>
        <CardActions project={project} />
      </Suspense>
    </SignedInOnly>
  );
}
