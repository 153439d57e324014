"use client";

import { useRouter } from "next/navigation";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import type { ProjectStatus } from "@/lib/domain";
import { ConfirmDialog } from "./confirm-dialog";
import { EditProjectDialog } from "./edit-project-dialog";
import type { EditableProject } from "./editable-project";

/**
 * The Edit dialog and the delete confirmation behind a project's owner actions (a gallery card, a
 * dashboard row). A save closes the dialog, toasts the server's message and refreshes the
 * server-rendered page in place; the delete itself is the caller's (useConfirmedDelete).
 */
export function ProjectDialogs({
  project,
  open,
  initialStatus,
  onCloseEdit,
  onCancelDelete,
  busy,
  onConfirmDelete,
}: {
  project: EditableProject;
  open: "edit" | "delete" | null;
  /** The status the Edit dialog starts on (the dashboard's "Protected" asks for a password). */
  initialStatus?: ProjectStatus;
  onCloseEdit: () => void;
  onCancelDelete: () => void;
  busy: boolean;
  onConfirmDelete: () => void;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  return (
    <>
      {open === "edit" ? (
        <EditProjectDialog
          project={project}
          initialStatus={initialStatus}
          onClose={onCloseEdit}
          onSaved={(message) => {
            onCloseEdit();
            showToast(message, "success");
            router.refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open === "delete"}
        title="Delete project"
        question={messages.confirmDeleteProject}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={onConfirmDelete}
        onCancel={onCancelDelete}
      />
    </>
  );
}
