"use client";

import { useEffect, useRef } from "react";

type SubmitButtonProps = {
  busy: boolean;
  children: React.ReactNode;
  busyLabel?: string;
};

/**
 * The form's submit button, disabled while a request is in flight. Disabling the focused button
 * drops the keyboard focus to the page: pressed, it takes the focus back when the request ends
 * (unless the focus went somewhere else meanwhile).
 */
export function SubmitButton({ busy, children, busyLabel }: SubmitButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (busy || !pressed.current) return;
    pressed.current = false;
    const focus = document.activeElement;
    if (!focus || focus === document.body) button.current?.focus();
  }, [busy]);
  return (
    <button
      ref={button}
      type="submit"
      disabled={busy}
      aria-busy={busy}
      onClick={() => (pressed.current = true)}
      className="bg-ink rounded-md px-5 py-2.5 font-medium text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
