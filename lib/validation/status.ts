import { z } from "zod";

/*
 * Project status (docs/spec.md §11, issue 17): who may see a project. The values are stored as they
 * are (migration 0003 checks them at the database too); the labels are what the owner's forms and
 * badges show.
 */
export const PROJECT_STATUSES = ["published", "draft", "unlisted", "protected"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  published: "Published",
  draft: "Draft",
  unlisted: "Unlisted",
  protected: "Protected",
};

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

export const statusSchema = z.enum(PROJECT_STATUSES, { error: statusMessages.invalidStatus });

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The password a protected project is opened with; not trimmed (spaces are characters too). */
export const projectPasswordSchema = z
  .string({ error: statusMessages.passwordTooShort })
  .min(PROJECT_PASSWORD_LIMITS.min, { error: statusMessages.passwordTooShort })
  .refine((value) => byteLength(value) <= PROJECT_PASSWORD_LIMITS.maxBytes, {
    error: statusMessages.passwordTooLong,
  });

/**
 * The status fields of an add or edit (multipart or JSON): `status` optional (an add defaults to
 * "published", an edit keeps the stored one), `password` only read for "protected". "" counts as
 * absent, as an empty form field is. Whether an edit to "protected" may keep the stored password
 * is the API's call (it knows whether one is stored): `password` is then undefined.
 */
export const statusFieldsSchema = z
  .object({
    status: z.preprocess((value) => (value === "" ? undefined : value), statusSchema.optional()),
    password: z.unknown().optional(),
  })
  .transform(({ status, password }, ctx): { status?: ProjectStatus; password?: string } => {
    if (status !== "protected" || password === undefined || password === "")
      return { status, password: undefined };
    const parsed = projectPasswordSchema.safeParse(password);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return { status, password: parsed.data };
  });
export type StatusFields = z.infer<typeof statusFieldsSchema>;

/** The unlock form's body: a password of any length up to the limit (a wrong one is just wrong). */
export const unlockSchema = z.object({
  password: z
    .string({ error: statusMessages.passwordMissing })
    .min(1, { error: statusMessages.passwordMissing })
    .max(1000, { error: statusMessages.wrongPassword }),
});
