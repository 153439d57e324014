"use client";

import Link from "next/link";
import { useState } from "react";
import { useAuth } from "./auth-provider";
import { FormMessageLine } from "@/components/forms/form-message";
import { NewPasswordField } from "./new-password-field";
import { linkButtonClass, primaryButtonClass } from "./form-styles";
import { errorLine, useAuthForm } from "./use-auth-form";

export function ResetPasswordForm({ initialError }: { initialError?: string }) {
  const { updatePassword } = useAuth();
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const { busy, message, run } = useAuthForm(initialError);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const result = await updatePassword(password);
      if (!result.success) return errorLine(result.message);
      setDone(true);
      return { kind: "success", text: "Password has been reset successfully." };
    }, "An unexpected error occurred.");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <NewPasswordField label="New password" value={password} onValue={setPassword} />
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
