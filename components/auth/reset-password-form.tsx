"use client";

import Link from "next/link";
import { useState } from "react";
import { TextField } from "@/components/forms/field";
import { useAuth } from "./auth-provider";
import { FormMessageLine, type FormMessage } from "./form-message";
import { linkButtonClass, primaryButtonClass } from "./form-styles";

export function ResetPasswordForm({ initialError }: { initialError?: string }) {
  const { updatePassword } = useAuth();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FormMessage>(
    initialError ? { kind: "error", text: initialError } : null,
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const result = await updatePassword(password);
    if (result.success) {
      setMessage({ kind: "success", text: "Password has been reset successfully." });
      setDone(true);
    } else {
      setMessage({ kind: "error", text: result.message });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormMessageLine message={message} />
      <button type="submit" disabled={busy || done} className={primaryButtonClass}>
        Reset Password
      </button>
      {done && (
        <p className="text-sm">
          <Link href="/dashboard" className={linkButtonClass}>
            Go to the dashboard
          </Link>
        </p>
      )}
    </form>
  );
}
