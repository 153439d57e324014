"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { Toast, type ToastAction, type ToastMessage, type ToastType } from "./toast";
import { useLatest } from "@/components/ui/use-latest";

/** How long a toast stays on screen (docs/spec.md §9). */
export const TOAST_DURATION_MS = 3000;

type ToastApi = {
  showToast: (message: string, type?: ToastType, action?: ToastAction) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Shows one toast at a time: success (green, role=status) or error (red, role=alert), with an
 * optional action button (Undo after a delete, docs/spec.md §10). The toast goes after 3 seconds;
 * one with an action stays while the pointer or keyboard focus is on it (WCAG 2.2.1), and Ctrl/⌘+Z outside a text
 * field runs its action, so Undo is reachable from the keyboard within its time.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toastRef = useLatest(toast);

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setToast(null);
  }, []);

  const startTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
  }, []);

  const showToast = useCallback(
    (message: string, type: ToastType = "success", action?: ToastAction) => {
      setToast({ id: Date.now(), message, type, action });
      startTimer();
    },
    [startTimer],
  );

  const hold = useCallback(
    (held: boolean) => {
      // Only a toast with an action waits: the others keep the spec's 3 seconds exactly.
      if (!toastRef.current?.action) return;
      if (held) clearTimeout(timer.current);
      else startTimer();
    },
    [startTimer, toastRef],
  );

  const action = toast?.action;
  useEffect(() => {
    if (!action) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey)) return;
      if (event.shiftKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      dismiss();
      action.onAction();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [action, dismiss]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <ToastContext value={{ showToast }}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        {toast ? <Toast key={toast.id} toast={toast} onDismiss={dismiss} onHold={hold} /> : null}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
