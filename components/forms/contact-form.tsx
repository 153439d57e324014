"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import {
  BUDGET_RANGES,
  checkContactInput,
  CONTACT_FORM_FIELDS,
  CONTACT_LIMITS,
  contactTexts,
  readContactInput,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormState,
} from "@/lib/validation/contact";
import { SelectField, TextAreaField, TextField } from "./labelled-field";
import { FormError } from "./form-error";
import { SubmitButton } from "./submit-button";

const IDLE: ContactFormState = { status: "idle", message: null, fieldErrors: {}, values: null };
const FIELD_ORDER: ContactField[] = ["name", "email", "message", "budget", "deadline"];
const BUDGET_OPTIONS = BUDGET_RANGES.map((range) => ({ value: range, label: range }));

type Props = {
  action: (previous: ContactFormState, form: FormData) => Promise<ContactFormState>;
  /** The signed time token and the proof-of-work challenge (JSON), made for this rendering. */
  started: string;
  challenge: string;
  project: { id: string; title: string } | null;
  /** Where the form posts without JavaScript: this page, with its project. */
  permalink: string;
};

/**
 * The contact form (docs/spec.md §12). Without JavaScript it posts to the page itself (a server
 * action) and the page answers. With it, the fields are checked here first, then the browser
 * solves the proof of work (lib/client/proof-of-work.ts, loaded only when the form is sent) and
 * sends; errors appear beside their fields, announced, and focus moves to the first one.
 */
export function ContactForm({ action, started, challenge, project, permalink }: Props) {
  const [state, formAction, pending] = useActionState(action, IDLE, permalink);
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [solving, setSolving] = useState(false);
  const proof = useRef<HTMLInputElement>(null);
  const proved = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLDivElement>(null);

  const errors = clientErrors ?? state.fieldErrors;
  const message = clientErrors ? contactTexts.fixErrors : state.message;
  const values = state.values;

  const focusFirstError = (fieldErrors: ContactFieldErrors) => {
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  useEffect(() => {
    if (state.status === "sent") sent.current?.focus();
    if (state.status === "error") focusFirstError(state.fieldErrors);
  }, [state]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (proved.current) {
      // The proof is in its field: the form action sends.
      proved.current = false;
      return;
    }
    event.preventDefault();
    const element = event.currentTarget;
    const input = readContactInput(
      (name) => (element.elements.namedItem(name) as HTMLInputElement | null)?.value,
    );
    const fieldErrors = checkContactInput(input);
    if (Object.keys(fieldErrors).length > 0) {
      setClientErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setClientErrors(null);
    setSolving(true);
    const { solveProof } = await import("@/lib/client/proof-of-work");
    // Unsolvable here (no Web Crypto): sent without, and filed for the owner under Spam.
    const solved = await solveProof(challenge).catch(() => null);
    setSolving(false);
    if (proof.current) proof.current.value = solved ?? "";
    proved.current = true;
    element.requestSubmit();
  }

  if (state.status === "sent")
    return (
      <div
        ref={sent}
        tabIndex={-1}
        role="status"
        className="rounded-md bg-green-50 px-4 py-3 text-green-900 focus:outline-2 focus:outline-green-800"
      >
        {state.message}
      </div>
    );

  const busy = pending || solving;
  /** A field's name, label, value after an error, and error. */
  const field = (name: ContactField) => ({
    name,
    label: contactTexts[name],
    defaultValue: values?.[name],
    error: errors[name],
  });
  return (
    <form
      ref={form}
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      data-challenge={challenge}
      className="space-y-5"
    >
      <FormError message={state.status === "error" || clientErrors ? message : null} />
      {project ? (
        <p className="text-muted">
          {contactTexts.about}: <span className="text-ink font-medium">{project.title}</span>
          <input type="hidden" name="project" value={project.id} />
        </p>
      ) : null}
      <TextField {...field("name")} autoComplete="name" required maxLength={CONTACT_LIMITS.name} />
      <TextField
        {...field("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
      />
      <TextAreaField {...field("message")} required rows={8} maxLength={CONTACT_LIMITS.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...field("budget")}
          options={BUDGET_OPTIONS}
          placeholder={contactTexts.budgetNone}
          defaultValue={values?.budget ?? ""}
        />
        <TextField {...field("deadline")} type="date" />
      </div>
      {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website (leave empty)
          <input name={CONTACT_FORM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name={CONTACT_FORM_FIELDS.timeToken} value={started} />
      <input ref={proof} type="hidden" name={CONTACT_FORM_FIELDS.proof} defaultValue="" />
      <SubmitButton busy={busy} busyLabel={contactTexts.sending}>
        {contactTexts.send}
      </SubmitButton>
    </form>
  );
}
