"use client";

import { useState } from "react";
import { Dialog } from "./dialog";
import { ProjectEditForm, type ProjectEditFormProps } from "./project-edit-form";
import type { EditableProject } from "./editable-project";

export type { EditableProject };

type EditProjectDialogProps = Omit<ProjectEditFormProps, "onCancel" | "onBusyChange"> & {
  onClose: () => void;
};

/** The card's Edit modal: cover, Title, Role, Category, Save Changes (docs/spec.md §2), and the optional details. */
export function EditProjectDialog({ onClose, ...props }: EditProjectDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open title={`Edit ${props.project.title}`} onClose={busy ? () => {} : onClose}>
      <ProjectEditForm {...props} onCancel={onClose} onBusyChange={setBusy} />
    </Dialog>
  );
}
