"use client";

import Link from "next/link";
import { useState } from "react";
import { messages } from "@/lib/client/messages";
import { deleteSection, restoreSection } from "@/lib/client/sections";
import { ConfirmDialog } from "./confirm-dialog";
import { useConfirmedDelete } from "./use-confirmed-delete";

export const actionClass =
  "rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-black/5";

export type SectionActionsProps = {
  section: { id: string; title: string };
  index: number;
  /** Edit in place (the project editor) instead of a link to the Edit Section page. */
  onEdit?: () => void;
};

/** A section's Edit button in the project editor has this id and the section's: focus returns there after a save. */
export const EDIT_BUTTON_ID = "edit-section-";

/** The owner's Edit and Delete for one section of a project page or of the project editor. */
export function Actions({ section, index, onEdit }: SectionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, remove } = useConfirmedDelete(
    () => deleteSection(section.id),
    () => setConfirming(false),
    () => restoreSection(section.id),
  );
  const name = section.title || `section ${index + 1}`;

  return (
    <div className="flex gap-2">
      {onEdit ? (
        <button
          type="button"
          id={EDIT_BUTTON_ID + section.id}
          className={actionClass}
          aria-label={`Edit ${name}`}
          onClick={onEdit}
        >
          Edit
        </button>
      ) : (
        <Link
          href={`/editsectionpage/${section.id}`}
          className={actionClass}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Link>
      )}
      <button
        type="button"
        className={actionClass}
        aria-label={`Delete ${name}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete section"
        question={messages.confirmDeleteSection}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
