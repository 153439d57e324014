"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextField } from "@/components/forms/field";
import { useAuth } from "./auth-provider";
import { FormMessageLine, type FormMessage } from "./form-message";
import { linkButtonClass, primaryButtonClass, secondaryButtonClass } from "./form-styles";

export function SignInForm({ initialError }: { initialError?: string }) {
  const { signIn, sendPasswordReset, signInWithGoogle } = useAuth();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessage>(
    initialError ? { kind: "error", text: initialError } : null,
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const result = await signIn(email, password);
      if (result.success) {
        router.push("/dashboard");
        router.refresh();
        return;
      }
      setMessage({ kind: "error", text: result.message || "Email or password is incorrect !" });
    } catch {
      setMessage({ kind: "error", text: "An unexpected error occurred." });
    }
    setBusy(false);
  }

  async function onForgotPassword() {
    if (!email.trim()) {
      setMessage({ kind: "error", text: "Please enter your email to reset your password." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const result = await sendPasswordReset(email);
      setMessage(
        result.success
          ? { kind: "success", text: "A password reset email has been sent to your inbox." }
          : { kind: "error", text: result.message || "Failed to send reset email." },
      );
    } catch {
      setMessage({ kind: "error", text: "Failed to send reset email." });
    }
    setBusy(false);
  }

  async function onGoogle() {
    setBusy(true);
    setMessage(null);
    const { error } = await signInWithGoogle();
    // On success the browser is already on its way to Google.
    if (error) {
      setMessage({ kind: "error", text: error.message });
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormMessageLine message={message} />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Sign In
        </button>
      </form>
      <div className="flex items-center justify-between">
        <button
          type="button"
          onClick={onForgotPassword}
          disabled={busy}
          className={linkButtonClass}
        >
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
