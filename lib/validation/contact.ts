import { isStorableText } from "./storable-text";

/*
 * The contact form's rules and texts (docs/spec.md §12), shared by the page's form and the server.
 * Plain functions, no zod, nothing else: the form is on a visitor's page, whose script carries
 * this whole module and must stay small (e2e/visitor-js.spec.ts). The page's and the API's other
 * texts are in contact-page.ts, the inbox's in inbox.ts.
 */

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  /** The whole request body, form or JSON: more is refused with 413. */
  bodyBytes: 10 * 1024,
} as const;

/** The contact form's optional budget ranges (docs/spec.md §12). */
export const BUDGET_RANGES = [
  "Under 2,000",
  "2,000 – 5,000",
  "5,000 – 15,000",
  "15,000 or more",
] as const;

/** The form's texts, verbatim in docs/spec.md §12. */
export const contactTexts = {
  about: "About the project",
  name: "Name",
  email: "E-mail",
  message: "Message",
  budget: "Budget (optional)",
  budgetNone: "Not sure yet",
  deadline: "Deadline (optional)",
  send: "Send message",
  sending: "Sending…",
  nameMissing: "Please enter your name.",
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
  messageMissing: "Please write a message.",
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString("en")} characters.`,
  budgetInvalid: "Please pick a budget from the list.",
  deadlineInvalid: "Please enter the deadline as a date.",
  fixErrors: "The message was not sent. Please correct the fields marked below.",
} as const;

export type ContactField = "name" | "email" | "message" | "budget" | "deadline";
export type ContactInput = Record<ContactField, string> & { project: string };
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The visible fields, the project a message is about, and the spam guard's fields. */
export const CONTACT_FORM_FIELDS = {
  /** The honeypot: hidden from people, filled by bots that fill every field. */
  honeypot: "website",
  timeToken: "started",
  proof: "proof",
} as const;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The form's values from a form or a JSON object, as trimmed strings ("" when absent). */
export function readContactInput(read: (name: string) => unknown): ContactInput {
  return {
    name: text(read("name")),
    email: text(read("email")),
    message: text(read("message")),
    budget: text(read("budget")),
    deadline: text(read("deadline")),
    project: text(read("project")),
  };
}

// One "@", no spaces, a dot in the domain: what a mail server can deliver to, nothing stricter.
const EMAIL = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;.]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Each field's error, beside the field; {} when the message may be sent. */
export function checkContactInput(input: ContactInput): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  // Text the database cannot hold (a NUL, a lone surrogate) reads as no text at all.
  if (!input.name || !isStorableText(input.name)) errors.name = contactTexts.nameMissing;
  else if (input.name.length > CONTACT_LIMITS.name) errors.name = contactTexts.nameTooLong;
  if (
    input.email.length > CONTACT_LIMITS.email ||
    !EMAIL.test(input.email) ||
    !isStorableText(input.email)
  )
    errors.email = contactTexts.emailInvalid;
  if (!input.message || !isStorableText(input.message))
    errors.message = contactTexts.messageMissing;
  else if (input.message.length > CONTACT_LIMITS.message)
    errors.message = contactTexts.messageTooLong;
  if (input.budget && !(BUDGET_RANGES as readonly string[]).includes(input.budget))
    errors.budget = contactTexts.budgetInvalid;
  if (input.deadline && !isDate(input.deadline)) errors.deadline = contactTexts.deadlineInvalid;
  return errors;
}

/** What the contact page's form shows after a send (docs/spec.md §12). */
export type ContactFormState = {
  status: "idle" | "sent" | "error";
  message: string | null;
  fieldErrors: ContactFieldErrors;
  /** What was sent, put back in the fields after an error. */
  values: ContactInput | null;
};
