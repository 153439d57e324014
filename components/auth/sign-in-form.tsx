"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextField } from "@/components/forms/field";
import { useAuth } from "./auth-provider";
import { FormMessageLine } from "@/components/forms/form-message";
import { linkButtonClass, primaryButtonClass, secondaryButtonClass } from "./form-styles";
import { errorLine, useAuthForm } from "./use-auth-form";

export function SignInForm({ initialError }: { initialError?: string }) {
  const { signIn, sendPasswordReset, signInWithGoogle } = useAuth();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, message, setMessage, run } = useAuthForm(initialError);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const result = await signIn(email, password);
      if (!result.success) return errorLine(result.message || "Email or password is incorrect !");
      router.push("/dashboard");
      router.refresh();
      return "leaving";
    }, "An unexpected error occurred.");
  }

  function onForgot() {
    if (!email.trim()) {
      setMessage(errorLine("Please enter your email to reset your password."));
      return;
    }
    void run(async () => {
      const result = await sendPasswordReset(email);
      return result.success
        ? { kind: "success", text: "A password reset email has been sent to your inbox." }
        : errorLine(result.message || "Failed to send reset email.");
    }, "Failed to send reset email.");
  }

  function onGoogle() {
    void run(async () => {
      const { error } = await signInWithGoogle();
      // On success the browser is already on its way to Google.
      return error ? errorLine(error.message) : "leaving";
    }, "An unexpected error occurred.");
  }

  const fields = [
    { label: "Email", type: "email", autoComplete: "email", value: email, set: setEmail },
    {
      label: "Password",
      type: "password",
      autoComplete: "current-password",
      value: password,
      set: setPassword,
    },
  ];

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-4">
        {fields.map(({ label, set, ...field }) => (
          <TextField
            key={label}
            label={label}
            required
            {...field}
            onChange={(event) => set(event.target.value)}
          />
        ))}
        <FormMessageLine message={message} />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Sign In
        </button>
      </form>
      <div className="flex items-center justify-between">
        <button type="button" onClick={onForgot} disabled={busy} className={linkButtonClass}>
          Forgot password?
        </button>
        <Link href="/signup" className={linkButtonClass}>
          Create an account
        </Link>
      </div>
      <button type="button" onClick={onGoogle} disabled={busy} className={secondaryButtonClass}>
        Continue with Google
      </button>
    </div>
  );
}
