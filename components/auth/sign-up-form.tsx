"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { TextField } from "@/components/forms/field";
import { useAuth } from "./auth-provider";
import { FormMessageLine } from "@/components/forms/form-message";
import { NewPasswordField } from "./new-password-field";
import { linkButtonClass, primaryButtonClass } from "./form-styles";
import { errorLine, useAuthForm } from "./use-auth-form";

export const SIGNUP_CLOSED_TEXT =
  "Sign-up is closed: this site already has its owner account. Sign in instead.";

export const confirmationText = (email: string) =>
  `Almost done: open the link we sent to ${email} to confirm the owner account.`;

export function SignUpForm({ closed }: { closed: boolean }) {
  const { signUp } = useAuth();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, message, run } = useAuthForm(closed ? SIGNUP_CLOSED_TEXT : undefined);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const { error, confirmationSent } = await signUp(email, password);
      if (confirmationSent) return { kind: "success", text: confirmationText(email) };
      if (error) {
        return errorLine(error.code === "signup_disabled" ? SIGNUP_CLOSED_TEXT : error.message);
      }
      router.push("/dashboard");
      router.refresh();
      return "leaving";
    }, "An unexpected error occurred.");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        disabled={closed}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <NewPasswordField
        label="Password"
        minLength={10}
        disabled={closed}
        value={password}
        onValue={setPassword}
      />
      <FormMessageLine message={message} />
      <button type="submit" disabled={busy || closed} className={primaryButtonClass}>
        Sign Up
      </button>
      <p className="text-sm">
        Already have an account?{" "}
        <Link href="/signin" className={linkButtonClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
