"use client";

import Link from "next/link";
import { useState } from "react";
import { messages } from "@/lib/client/messages";
import { deleteSection, restoreSection } from "@/lib/client/sections";
import { ConfirmDialog } from "./confirm-dialog";
import { useConfirmedDelete } from "./use-confirmed-delete";

const actionClass =
  "rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-black/5";

export type SectionActionsProps = { section: { id: string; title: string }; index: number };

/** The owner's Edit and Delete for one section of a project page. */
export function Actions({ section, index }: SectionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, remove } = useConfirmedDelete(
    () => deleteSection(section.id),
    () => setConfirming(false),
    () => restoreSection(section.id),
  );
  const name = section.title || `section ${index + 1}`;

  return (
    <div className="flex gap-2">
      <Link
        href={`/editsectionpage/${section.id}`}
        className={actionClass}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
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
