import { z } from "zod";
import { messages } from "./messages";

/**
 * The `version` an edit started from (docs/spec.md §10): a whole number of 1 or
 * more, as a number (JSON) or digits (multipart). Absent or "" means "not sent" (clients from
 * before versions), and the save is accepted without the check.
 */
export const versionSchema = z
  .union([z.number(), z.string()], { error: messages.invalidVersion })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const text = typeof value === "string" ? value.trim() : String(value);
    if (text === "") return undefined;
    const version = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(version) || version < 1) {
      ctx.addIssue({ code: "custom", message: messages.invalidVersion });
      return z.NEVER;
    }
    return version;
  });

/** The parsed version, or the message of a bad one. */
export function parseVersion(
  value: unknown,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const result = versionSchema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: result.error.issues[0]?.message ?? messages.invalidVersion };
}

/** `?permanent=` of a DELETE (docs/spec.md §10): absent or "false" trashes, "true" deletes for good. */
export function parsePermanent(
  value: string | null,
): { ok: true; value: boolean } | { ok: false; message: string } {
  if (value === null || value === "false") return { ok: true, value: false };
  if (value === "true") return { ok: true, value: true };
  return { ok: false, message: messages.invalidPermanent };
}

/**
 * A true/false form field such as `removeCoverVideo` or `removePoster`: absent, "" or
 * "false" is false, "true" is true (JSON bodies may send the booleans); anything else is refused.
 */
export function parseFlag(
  value: unknown,
  message: string,
): { ok: true; value: boolean } | { ok: false; message: string } {
  if (value === undefined || value === null || value === "" || value === "false" || value === false)
    return { ok: true, value: false };
  if (value === "true" || value === true) return { ok: true, value: true };
  return { ok: false, message };
}
