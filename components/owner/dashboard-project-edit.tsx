"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { EditProjectDialog, type EditableProject } from "./edit-project-dialog";

/**
 * Edit on a dashboard row: the same dialog as a gallery card's, so the owner can change a project
 * the gallery does not show (a draft, unlisted or protected one: docs/spec.md §11), its status
 * included. The dashboard is refreshed in place after a save.
 */
export function DashboardProjectEdit({ project }: { project: EditableProject }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Edit ${project.title}`}
        className="hover:text-accent text-sm font-medium underline underline-offset-2"
      >
        Edit project
      </button>
      {open ? (
        <EditProjectDialog
          project={project}
          onClose={close}
          onSaved={(message) => {
            close();
            showToast(message, "success");
            router.refresh();
          }}
        />
      ) : null}
    </>
  );
}
