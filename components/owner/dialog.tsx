"use client";

import { useEffect, useId, useRef } from "react";
import { trapTab } from "@/components/ui/trap-tab";
import { useLatest } from "@/components/ui/use-latest";

type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  /** Accessible description (e.g. the confirmation question). */
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  className?: string;
};

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert and Escape fires
 * "cancel"; Tab wraps around inside. Focus goes back to whatever opened the dialog when it closes.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  describedBy,
  role = "dialog",
  className = "",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onCloseRef]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`text-ink m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-0 shadow-2xl backdrop:bg-black/60 ${className}`}
      onKeyDown={trapTab}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
