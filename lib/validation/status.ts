import { z } from "zod";
import { PROJECT_STATUSES, type ProjectStatus } from "@/lib/domain";
import { PROJECT_PASSWORD_LIMITS } from "./limits";
import { statusMessages } from "./messages";

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
