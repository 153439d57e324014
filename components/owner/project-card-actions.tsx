"use client";

import { Suspense } from "react";
import { lazyExport } from "@/components/ui/lazy-export";
import type { EditableProject } from "./edit-project-dialog";
import { editableProject } from "./editable-project";
import { SignedInOnly } from "./signed-in-only";

// The dialogs and forms behind these buttons load only once a signed-in owner is known, so
// visitors never download them.
const CardActions = lazyExport(() => import("./project-card-owner-actions"), "CardActions");

/**
 * Edit and Delete on a gallery card, for the signed-in owner, in the card's top right corner
 * (outside the card's link, so the buttons are not nested in it). Visitors get no markup at all.
 */
export function ProjectCardActions({ project }: { project: EditableProject }) {
  return (
    <SignedInOnly>
      <div className="absolute top-3 right-3 flex gap-2">
        <Suspense>
          <CardActions project={editableProject(project)} />
        </Suspense>
      </div>
    </SignedInOnly>
  );
}
