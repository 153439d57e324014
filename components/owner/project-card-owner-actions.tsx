"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import { deleteProject } from "@/lib/client/projects";
import { ConfirmDialog } from "./confirm-dialog";
import { EditProjectDialog, type EditableProject } from "./edit-project-dialog";

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
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);
  // The focused Delete button goes away with the deleted item: keep focus on the page instead.
  useEffect(() => {
    const wasDeleted = deleted;
    return () => {
      if (wasDeleted.current) document.getElementById("main")?.focus();
    };
  }, []);

  async function remove() {
    setBusy(true);
    const result = await deleteProject(project.id);
    setBusy(false);
    setDialog(null);
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) {
      deleted.current = true;
      router.refresh();
    }
  }

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
