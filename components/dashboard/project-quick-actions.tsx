"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import type { EditableProject } from "@/components/owner/editable-project";
import { ProjectDialogs } from "@/components/owner/project-dialogs";
import { useConfirmedDelete } from "@/components/owner/use-confirmed-delete";
import { deleteProject, restoreProject, updateProject } from "@/lib/client/projects";
import { PROJECT_STATUSES, STATUS_LABELS, type ProjectStatus } from "@/lib/domain";

const linkClass = "hover:text-accent text-sm font-medium underline underline-offset-2";

/**
 * A dashboard row's quick actions: Edit (the gallery card's dialog), the status
 * (docs/spec.md §11) and Delete (to the trash, with the toast's Undo: §10). A status change saves
 * at once through `PUT /api/projects/{id}` with the row's `version`, so a row loaded before another
 * tab's save is refused with the 409 message instead of overwriting it. "Protected" needs a
 * password: it opens the Edit dialog with Protected chosen, whose password field and rules are the
 * ones of every edit (lib/validation/status.ts).
 */
export function ProjectQuickActions({
  project,
  status,
  version,
}: {
  project: EditableProject;
  status: ProjectStatus;
  version: number;
}) {
  const router = useRouter();
  const { showToast } = useToast();
  const statusId = useId();
  const [dialog, setDialog] = useState<"edit" | "protect" | "delete" | null>(null);
  // The status saved (or being saved), shown in the select until the refreshed row brings it.
  const [chosen, setChosen] = useState<{ from: ProjectStatus; value: ProjectStatus } | null>(null);
  const [saving, setSaving] = useState(false);
  let shownStatus = status;
  if (chosen && chosen.from !== status) setChosen(null);
  else if (chosen) shownStatus = chosen.value;
  const editButton = useRef<HTMLButtonElement>(null);
  const statusSelect = useRef<HTMLSelectElement>(null);
  const { busy, remove } = useConfirmedDelete(
    () => deleteProject(project.id),
    () => setDialog(null),
    () => restoreProject(project.id),
  );

  function closeEditor() {
    const from = dialog;
    setDialog(null);
    (from === "protect" ? statusSelect : editButton).current?.focus();
  }

  async function changeStatus(next: ProjectStatus) {
    if (saving || next === shownStatus) return;
    if (next === "protected") {
      setDialog("protect");
      return;
    }
    setChosen({ from: status, value: next });
    setSaving(true);
    const form = new FormData();
    form.append("title", project.title);
    form.append("role", project.role);
    form.append("category", project.category);
    form.append("status", next);
    form.append("version", String(version));
    const result = await updateProject(project.id, form);
    setSaving(false);
    if (!result.ok) {
      setChosen(null);
      // A stale row (409) or any other refusal: the select shows the stored status again.
      showToast(result.message, "error");
      return;
    }
    showToast(`${project.title}: ${STATUS_LABELS[next]}`, "success");
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button
        ref={editButton}
        type="button"
        onClick={() => setDialog("edit")}
        aria-label={`Edit details of ${project.title}`}
        className={linkClass}
      >
        Edit details
      </button>
      <span className="flex items-center gap-2 text-sm">
        <label htmlFor={statusId} className="font-medium">
          Status<span className="sr-only"> of {project.title}</span>
        </label>
        <select
          ref={statusSelect}
          id={statusId}
          value={shownStatus}
          // Busy, not disabled: a disabled select would drop the keyboard focus to the page.
          aria-busy={saving}
          onChange={(event) => void changeStatus(event.target.value as ProjectStatus)}
          className="rounded-md border border-black/30 bg-white px-2 py-1 text-sm"
          data-testid="row-status"
        >
          {PROJECT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        onClick={() => setDialog("delete")}
        aria-label={`Delete ${project.title}`}
        className={`${linkClass} text-red-800`}
      >
        Delete
      </button>
      <ProjectDialogs
        project={project}
        open={dialog === "protect" ? "edit" : dialog}
        initialStatus={dialog === "protect" ? "protected" : undefined}
        onCloseEdit={closeEditor}
        onCancelDelete={() => setDialog(null)}
        busy={busy}
        onConfirmDelete={remove}
      />
    </div>
  );
}
