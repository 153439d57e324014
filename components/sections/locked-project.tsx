"use client";

import { Suspense } from "react";
import { lazyExport } from "@/components/ui/lazy-export";

// Only a protected project's page shows the password form: its code (the field, the request, the
// texts) is not loaded with every project page. The server still renders it into the page.
const ProtectedProjectForm = lazyExport(
  () => import("./protected-project-form"),
  "ProtectedProjectForm",
);

/** The password form of a protected project the browser has not opened yet (docs/spec.md §11). */
export function LockedProject({ projectId }: { projectId: string }) {
  return (
    <Suspense>
      <ProtectedProjectForm projectId={projectId} />
    </Suspense>
  );
}
