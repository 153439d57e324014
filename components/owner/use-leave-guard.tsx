"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
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

/** Adds a history entry for the page being shown, so that Back stays on it. */
const pushSameEntry = () => history.pushState(history.state, "", location.href);

/**
 * Keeps unsaved changes while `active` (docs/spec.md §2, the project editor): a reload, closing
 * the tab or going to another site gets the browser's own "Leave site?" prompt (beforeunload); a
 * link within the site, the browser's Back button, or `confirm(action)` (opening another form)
 * asks in a dialog first. Files cannot be kept in sessionStorage, so a prompt, not local drafts.
 */
export function useLeaveGuard(active: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Back is held by an entry of this page's own on top of it: Back lands on the same page, where
  // the dialog asks. One per visit to the page; `leaving` lets the owner's own Back through.
  const onOwnEntry = useRef(false);
  const leaving = useRef(false);

  useEffect(() => {
    if (!active) return;
    if (!onOwnEntry.current) {
      pushSameEntry();
      onOwnEntry.current = true;
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
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
    // Capture listeners on the window run before the App Router's own popstate listener, which
    // would render the page Back went to.
    const onPopState = (event: PopStateEvent) => {
      if (leaving.current) return;
      event.stopImmediatePropagation();
      onOwnEntry.current = false;
      setPending(() => () => {
        leaving.current = true;
        history.back();
      });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState, true);
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
      onCancel={() => {
        setPending(null);
        // After Back, the entry that holds the next Back again.
        if (active && !onOwnEntry.current) {
          pushSameEntry();
          onOwnEntry.current = true;
        }
      }}
    />
  );
  return { confirm, dialog };
}
