import { BUDGET_RANGES, MESSAGE_FOLDERS, type MessageFolder } from "@/lib/domain";
import { isStorableText } from "./text";

/*
 * The contact form's rules and texts (docs/spec.md §12), shared by the page's form and the server.
 * Plain functions, no zod: the form is on a visitor's page, whose script must stay small
 * (e2e/visitor-js.spec.ts).
 */

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  /** The whole request body, form or JSON: more is refused with 413. */
  bodyBytes: 10 * 1024,
} as const;

/** The form's texts, verbatim in docs/spec.md §12. */
export const contactTexts = {
  heading: "Contact",
  intro: "Tell me about your project. I usually answer within two working days.",
  about: "About the project",
  name: "Name",
  email: "E-mail",
  message: "Message",
  budget: "Budget (optional)",
  budgetNone: "Not sure yet",
  deadline: "Deadline (optional)",
  send: "Send message",
  sending: "Sending…",
  sent: "Thank you, your message is on its way. I will answer by e-mail.",
  askAboutProject: "Ask about this project",
  nameMissing: "Please enter your name.",
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
  messageMissing: "Please write a message.",
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString("en")} characters.`,
  budgetInvalid: "Please pick a budget from the list.",
  deadlineInvalid: "Please enter the deadline as a date.",
  fixErrors: "The message was not sent. Please correct the fields marked below.",
  tooFast: "That was quicker than anyone can type. Wait a few seconds and send again.",
  expired: "This form is more than a day old. Reload the page and send again.",
  refused: "The message could not be sent. Reload the page and try again.",
  tooLarge: "The message is too long to send (10 kB at most).",
  tooMany: "Too many messages were sent. Please try again later, or write by e-mail.",
  stored: "Message received",
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

/** The inbox API's texts (docs/api.md "Messages"). */
export const inboxTexts = {
  listed: "Messages fetched successfully",
  updated: "Message updated successfully",
  deleted: "Message deleted successfully",
  restored: "Message restored successfully",
  notFound: "Message not found",
  invalidFolder: 'Folder must be "inbox", "spam", "archive" or "trash"',
  invalidUpdate: 'Send { "read": true|false } and/or { "folder": "inbox"|"spam"|"archive" }',
} as const;

export function isMessageFolder(value: unknown): value is MessageFolder {
  return (MESSAGE_FOLDERS as readonly unknown[]).includes(value);
}

/** What the contact page's form shows after a send (docs/spec.md §12). */
export type ContactFormState = {
  status: "idle" | "sent" | "error";
  message: string | null;
  fieldErrors: ContactFieldErrors;
  /** What was sent, put back in the fields after an error. */
  values: ContactInput | null;
};
