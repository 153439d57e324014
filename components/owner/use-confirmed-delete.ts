"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import { messages } from "@/lib/client/messages";
import type { Result } from "@/lib/client/result";

/**
 * The confirmed-delete flow shared by project cards and sections: calls `deleteItem` (which moves
 * the item to the trash), closes the dialog, toasts the server's message with an Undo action for
 * the toast's 3 seconds (docs/spec.md §10), and refreshes the server-rendered page on success.
 * Undo runs `restoreItem` and refreshes again, which brings the card or section back in its place.
 */
export function useConfirmedDelete(
  deleteItem: () => Promise<Result>,
  closeDialog: () => void,
  restoreItem: () => Promise<Result>,
) {
  const router = useRouter();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);
  // The focused Delete button goes away with the deleted item: keep focus on the page instead.
  useEffect(() => {
    const wasDeleted = deleted;
    return () => {
      if (wasDeleted.current) document.getElementById("main")?.focus();
    };
  }, []);

  async function undo() {
    const result = await restoreItem();
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) router.refresh();
  }

  async function remove() {
    setBusy(true);
    const result = await deleteItem();
    setBusy(false);
    closeDialog();
    if (!result.ok) {
      showToast(result.message, "error");
      return;
    }
    showToast(result.message, "success", { label: messages.undo, onAction: () => void undo() });
    deleted.current = true;
    router.refresh();
  }

  return { busy, remove };
}
