"use client";

import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState } from "react";
import { lazyExport } from "./lazy-export";
import type { ToastAction, ToastMessage, ToastType } from "./toast";

type ToastApi = {
  showToast: (message: string, type?: ToastType, action?: ToastAction) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

// The toast itself (its timer, hold and shortcut) loads with the first toast: only the owner's
// actions show one, so visitors never download it.
const Toast = lazyExport(() => import("./toast"), "Toast");

/**
 * What is on screen once toast `id` is dismissed. Only that toast goes: one that replaced it stays,
 * even when the old one's timer fires after the new one was shown but before React re-rendered
 * (which would otherwise clear the new toast before anyone saw it).
 */
export function withoutToast(shown: ToastMessage | null, id: number): ToastMessage | null {
  return shown?.id === id ? null : shown;
}

/**
 * Shows one toast at a time (./toast.tsx): a new one replaces the one on screen. Above the pages
 * in the root layout, so a toast stays when its action navigates (Add Project → Add Section).
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  // A counter, not the time: two toasts in one millisecond are still two (each its own timer).
  const lastId = useRef(0);
  const showToast = useCallback(
    (message: string, type: ToastType = "success", action?: ToastAction) =>
      setToast({ id: ++lastId.current, message, type, action }),
    [],
  );
  const dismiss = useCallback((id: number) => setToast((shown) => withoutToast(shown, id)), []);
  // The same value for good: a changed context would reach Suspense boundaries still hydrating.
  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        {toast ? (
          <Suspense>
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          </Suspense>
        ) : null}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
