"use client";

import { useCallback, useEffect, useRef } from "react";

/** How long a toast stays on screen (docs/spec.md §9). */
export const TOAST_DURATION_MS = 3000;

export type ToastType = "success" | "error";
/** A button in the toast, e.g. Undo after a delete (docs/spec.md §10). */
export type ToastAction = { label: string; onAction: () => void };
export type ToastMessage = { id: number; message: string; type: ToastType; action?: ToastAction };

const styles: Record<ToastType, string> = {
  success: "bg-green-800 text-white",
  error: "bg-red-700 text-white",
};

/** The keys that run a toast's action from anywhere on the page (outside text fields). */
export const ACTION_SHORTCUT = "Control+Z Meta+Z";

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * One toast: success (green, role=status) or error (red, role=alert), with an optional action
 * button (Undo after a delete, docs/spec.md §10). It goes after 3 seconds; one with an action
 * stays while the pointer or keyboard focus is on it (WCAG 2.2.1), and Ctrl/⌘+Z outside a text
 * field runs its action, so Undo is reachable from the keyboard within its time.
 */
export function Toast({
  toast,
  onDismiss: dismissToast,
}: {
  toast: ToastMessage;
  /** Removes this toast (by its id) and no other. */
  onDismiss: (id: number) => void;
}) {
  const { action, id } = toast;
  const onDismiss = useCallback(() => dismissToast(id), [dismissToast, id]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onDismiss, TOAST_DURATION_MS);
  }, [onDismiss]);
  useEffect(() => {
    startTimer();
    return () => clearTimeout(timer.current);
  }, [startTimer]);

  // Only a toast with an action waits: the others keep the spec's 3 seconds exactly.
  const onHold = (held: boolean) => {
    if (!action) return;
    if (held) clearTimeout(timer.current);
    else startTimer();
  };

  useEffect(() => {
    if (!action) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey)) return;
      if (event.shiftKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      onDismiss();
      action.onAction();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [action, onDismiss]);

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-type={toast.type}
      onMouseEnter={() => onHold(true)}
      onMouseLeave={() => onHold(false)}
      onFocus={() => onHold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHold(false);
      }}
      className={`pointer-events-auto flex max-w-md items-center gap-4 rounded-md px-4 py-3 text-sm shadow-lg ${styles[toast.type]}`}
    >
      <p>{toast.message}</p>
      {action ? (
        <button
          type="button"
          onClick={() => {
            onDismiss();
            action.onAction();
          }}
          aria-keyshortcuts={ACTION_SHORTCUT}
          className="rounded border border-white/80 px-2 py-0.5 font-semibold underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-mr-1 rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
      >
        ×
      </button>
    </div>
  );
}
