"use client";

import { useState } from "react";
import { deleteProject, restoreProject } from "@/lib/client/projects";
import { capitalize } from "@/lib/validation/text";
import type { EditableProject } from "./editable-project";
import { ProjectDialogs } from "./project-dialogs";
import { useConfirmedDelete } from "./use-confirmed-delete";

const buttonClass =
  "rounded-md bg-white/95 px-3 py-1.5 text-sm font-medium text-ink shadow hover:bg-white focus-visible:outline-white";

/**
 * The owner's Edit and Delete on a gallery card. After a change the server-rendered gallery is
 * refreshed in place (no navigation), which updates or removes the card.
 */
export function CardActions({ project }: { project: EditableProject }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const { busy, remove } = useConfirmedDelete(
    () => deleteProject(project.id),
    () => setDialog(null),
    () => restoreProject(project.id),
  );

  return (
    <>
      {(["edit", "delete"] as const).map((action) => (
        <button
          key={action}
          type="button"
          className={buttonClass}
          aria-label={`${capitalize(action)} ${project.title}`}
          onClick={() => setDialog(action)}
        >
          {capitalize(action)}
        </button>
      ))}
      <ProjectDialogs
        project={project}
        open={dialog}
        onCloseEdit={() => setDialog(null)}
        onCancelDelete={() => setDialog(null)}
        busy={busy}
        onConfirmDelete={remove}
      />
    </>
  );
}
