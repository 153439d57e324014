"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast-provider";
import type { Result } from "@/lib/client/result";

/**
 * The confirmed-delete flow shared by project cards and sections: calls `deleteItem`, closes the
 * dialog, toasts the server's message, and refreshes the server-rendered page on success.
 */
export function useConfirmedDelete(deleteItem: () => Promise<Result>, closeDialog: () => void) {
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

  async function remove() {
    setBusy(true);
    const result = await deleteItem();
    setBusy(false);
    closeDialog();
    showToast(result.message, result.ok ? "success" : "error");
    if (result.ok) {
      deleted.current = true;
      router.refresh();
    }
  }

  return { busy, remove };
}
