"use client";

import { useRef, useState } from "react";
import { TextField } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { unlockProject, unlockReview } from "@/lib/client/unlock";
import { statusMessages } from "@/lib/validation/messages";

/**
 * The password form of a protected project (docs/spec.md §11). Nothing of the project is on the
 * page until the right password is given: then the server sets the access cookie and the page is
 * loaded again, now rendered for this browser. A refusal is shown under the field, announced, and
 * the field gets the focus back.
 */
export function ProtectedProjectForm({
  projectId,
  reviewToken,
}: {
  projectId?: string;
  /** A password review link's token instead (docs/spec.md §13): same form, texts and limits. */
  reviewToken?: string;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusField = () => form.current?.querySelector<HTMLInputElement>("input")?.focus();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(statusMessages.passwordMissing);
      focusField();
      return;
    }
    setBusy(true);
    const result = reviewToken
      ? await unlockReview(reviewToken, password)
      : await unlockProject(projectId ?? "", password);
    if (result.ok) {
      window.location.reload();
      return;
    }
    setBusy(false);
    setError(result.message);
    focusField();
  }

  return (
    <div className="mx-auto max-w-md px-5 py-20 sm:px-8">
      <h1 className="text-3xl font-semibold tracking-tight">{statusMessages.protectedTitle}</h1>
      <p className="text-muted mt-3">{statusMessages.protectedIntro}</p>
      {/* Until the script runs (or without it), the browser posts the form itself: the unlock
          endpoint answers it with a redirect back here, and the password stays out of the URL. */}
      <form
        ref={form}
        method="post"
        action={
          reviewToken
            ? `/api/review-links/${encodeURIComponent(reviewToken)}/unlock`
            : `/api/projects/${encodeURIComponent(projectId ?? "")}/unlock`
        }
        onSubmit={submit}
        noValidate
        className="mt-8 space-y-5"
      >
        <TextField
          label={statusMessages.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            if (error) setError(null);
          }}
        />
        <div aria-live="assertive" className="sr-only">
          {error}
        </div>
        <SubmitButton busy={busy}>{statusMessages.unlockButton}</SubmitButton>
      </form>
    </div>
  );
}
