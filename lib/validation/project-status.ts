import { capitalize } from "./text";

/*
 * Project status (docs/spec.md §11, issue 17): who may see a project. The values are stored as they
 * are (migration 0003 checks them at the database too); the labels are what the owner's forms and
 * badges show. Free of zod: visitors' pages use it (lib/validation/status.ts holds the schemas).
 */
export const PROJECT_STATUSES = ["published", "draft", "unlisted", "protected"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** What the owner's forms and badges show: the value with a capital ("Published", "Draft"…). */
export const STATUS_LABELS = Object.fromEntries(
  PROJECT_STATUSES.map((status) => [status, capitalize(status)]),
) as Record<ProjectStatus, string>;

/** A protected project's password: at least 8 characters, at most bcrypt's 72 bytes (§11). */
export const PROJECT_PASSWORD_LIMITS = { min: 8, maxBytes: 72 } as const;

/** How long the right password opens a protected project in that browser (§11). */
export const PROJECT_ACCESS_DAYS = 7;

/** Wrong passwords a client address may try per project page before it is throttled (§11). */
export const PROJECT_PASSWORD_ATTEMPTS = 20;

export const statusMessages = {
  invalidStatus: "Status must be one of: published, draft, unlisted, protected",
  passwordTooShort: `A protected project needs a password of at least ${PROJECT_PASSWORD_LIMITS.min} characters`,
  passwordTooLong: `Password must be at most ${PROJECT_PASSWORD_LIMITS.maxBytes} bytes`,
  passwordMissing: "Please enter the password.",
  wrongPassword: "Wrong password. Please try again.",
  tooManyAttempts: "Too many wrong passwords. Please wait a few minutes and try again.",
  protectedTitle: "This project is protected",
  protectedIntro: "Enter the password the owner gave you to view it.",
  passwordLabel: "Password",
  unlockButton: "View project",
  draftBadge: "Draft",
  viewAsVisitor: "View as visitor",
  viewAsOwner: "View as owner",
} as const;
