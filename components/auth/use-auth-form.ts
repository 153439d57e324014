"use client";

import { useState } from "react";
import type { FormMessage } from "@/components/forms/form-message";

/** What an auth action ends with: the line to show, or `leaving` when it navigates away. */
export type AuthOutcome = FormMessage | "leaving";

/**
 * The state the sign-in, sign-up and reset-password forms share: a busy flag that disables their
 * buttons while a request runs, and the result line under the form. `run` clears the line, runs
 * the action and shows its outcome; a thrown error shows `failure`. After `leaving` the form
 * stays busy, so nothing can be sent twice while the next page loads.
 */
export function useAuthForm(initialError?: string) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessage>(
    initialError ? { kind: "error", text: initialError } : null,
  );

  async function run(action: () => Promise<AuthOutcome>, failure: string): Promise<void> {
    setBusy(true);
    setMessage(null);
    let outcome: AuthOutcome;
    try {
      outcome = await action();
    } catch {
      outcome = { kind: "error", text: failure };
    }
    if (outcome === "leaving") return;
    setMessage(outcome);
    setBusy(false);
  }

  return { busy, message, setMessage, run };
}

export const errorLine = (text: string): FormMessage => ({ kind: "error", text });
