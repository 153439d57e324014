"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import { deleteSection } from "@/lib/client/sections";
import { ConfirmDialog } from "./confirm-dialog";

const actionClass =
  "rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-black/5";

export type SectionActionsProps = { section: { id: string; title: string }; index: number };

/** The owner's Edit and Delete for one section of a project page. */
export function Actions({ section, index }: SectionActionsProps) {
  const router = useRouter();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);
  // The focused Delete button goes away with the deleted item: keep focus on the page instead.
  useEffect(() => {
    const wasDeleted = deleted;
    return () => {
      if (wasDeleted.current) document.getElementById("main")?.focus();
    };
  }, []);
  const name = section.title || `section ${index + 1}`;

  async function remove() {
    setBusy(true);
    const result = await deleteSection(section.id);
    setBusy(false);
    setConfirming(false);
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) {
      deleted.current = true;
      router.refresh();
    }
  }

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
