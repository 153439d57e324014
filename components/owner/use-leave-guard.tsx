"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { messages } from "@/lib/client/messages";
import { ConfirmDialog } from "./confirm-dialog";

/** A link the guard lets the browser or the app router follow itself. */
function isLeavingLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.download)
    return null;
  const url = new URL(link.href);
  // Another site unloads this page: the beforeunload prompt asks then.
  if (url.origin !== location.origin) return null;
  const here = new URL(location.href);
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/**
 * Keeps unsaved changes while `active` (docs/spec.md §2, the project editor): a reload, closing the
 * tab or going to another site gets the browser's own "Leave site?" prompt (beforeunload), and a
 * link within the site, or `confirm(action)` (opening another form), asks in a dialog first.
 * Files cannot be kept in sessionStorage, so a prompt rather than local drafts.
 */
export function useLeaveGuard(active: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    // On the window, in the capture phase: before next/link's handler, which would navigate.
    const onClick = (event: MouseEvent) => {
      const url = isLeavingLink(event);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => router.push(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [active, router]);

  const confirm = (action: () => void) => (active ? setPending(() => action) : action());
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Unsaved changes"
      question={messages.confirmDiscard}
      confirmLabel="Discard changes"
      onConfirm={() => {
        setPending(null);
        pending?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { confirm, dialog };
}
