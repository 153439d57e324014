"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import { deleteProject, restoreProject } from "@/lib/client/projects";
import { ConfirmDialog } from "./confirm-dialog";
import { EditProjectDialog, type EditableProject } from "./edit-project-dialog";
import { useConfirmedDelete } from "./use-confirmed-delete";

const buttonClass =
  "rounded-md bg-white/95 px-3 py-1.5 text-sm font-medium text-ink shadow hover:bg-white focus-visible:outline-white";

/**
 * The owner's Edit and Delete on a gallery card. After a change the server-rendered gallery is
 * refreshed in place (no navigation), which updates or removes the card.
 */
export function CardActions({ project }: { project: EditableProject }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const { busy, remove } = useConfirmedDelete(
    () => deleteProject(project.id),
    () => setDialog(null),
    () => restoreProject(project.id),
  );

  return (
    <>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Edit ${project.title}`}
        onClick={() => setDialog("edit")}
      >
        Edit
      </button>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Delete ${project.title}`}
        onClick={() => setDialog("delete")}
      >
        Delete
      </button>
      {dialog === "edit" ? (
        <EditProjectDialog
          project={project}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            showToast(message, "success");
            router.refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        title="Delete project"
        question={messages.confirmDeleteProject}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
