"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { Toast, type ToastMessage, type ToastType } from "./toast";

/** How long a toast stays on screen (docs/spec.md §9). */
export const TOAST_DURATION_MS = 3000;

type ToastApi = { showToast: (message: string, type?: ToastType) => void };

const ToastContext = createContext<ToastApi | null>(null);

/** Shows one toast at a time: success (green, role=status) or error (red, role=alert). */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setToast(null);
  }, []);

  const showToast = useCallback((message: string, type: ToastType = "success") => {
    clearTimeout(timer.current);
    setToast({ id: Date.now(), message, type });
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <ToastContext value={{ showToast }}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        {toast ? <Toast key={toast.id} toast={toast} onDismiss={dismiss} /> : null}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
