"use client";

import { createContext, Suspense, useCallback, useContext, useState } from "react";
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
 * Shows one toast at a time (./toast.tsx): a new one replaces the one on screen. Above the pages
 * in the root layout, so a toast stays when its action navigates (Add Project → Add Section).
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const showToast = useCallback(
    (message: string, type: ToastType = "success", action?: ToastAction) =>
      setToast({ id: Date.now(), message, type, action }),
    [],
  );
  const dismiss = useCallback(() => setToast(null), []);

  return (
    <ToastContext value={{ showToast }}>
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
