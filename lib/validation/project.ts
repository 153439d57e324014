import { z } from "zod";
import { CATEGORIES } from "@/lib/domain";
import { fieldTooLong, invalidCharacters, messages } from "./messages";
import { PROJECT_LIMITS } from "./limits";
import { hasVisibleText, isStorableText } from "./text";
import { invalidFocalMessage, parseFocal } from "./focal";

export { PROJECT_LIMITS };

function requiredText(label: string, max: number, missing: string) {
  return (
    z
      .string({ error: missing })
      .trim()
      .min(1, { error: missing })
      .max(max, { error: fieldTooLong(label, max) })
      .refine(isStorableText, { error: invalidCharacters(label) })
      // A title of zero-width or bidi marks only would show as an empty card.
      .refine(hasVisibleText, { error: missing })
  );
}

/**
 * An optional text detail (client, summary): trimmed, "" or null clears it (null), absent leaves it
 * out (an update keeps the stored value).
 */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: fieldTooLong(label, max) })
    .refine(isStorableText, { error: invalidCharacters(label) })
    .transform((value) => (hasVisibleText(value) ? value : null))
    .nullable()
    .optional();
}

/**
 * The optional year: a whole number from PROJECT_LIMITS.yearMin to yearMax, given as a number (JSON)
 * or as digits (multipart). "" or null clears it; absent leaves it out.
 */
const optionalYear = z
  .union([z.number(), z.string(), z.null()], { error: messages.invalidYear })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return value;
    const text = typeof value === "string" ? value.trim() : String(value);
    if (text === "") return null;
    const year = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(year) || year < PROJECT_LIMITS.yearMin || year > PROJECT_LIMITS.yearMax) {
      ctx.addIssue({ code: "custom", message: messages.invalidYear });
      return z.NEVER;
    }
    return year;
  });

/**
 * A focal point, "x,y" with each value 0–1: a cover's (optional: absent leaves it out; create: the
 * centre, update: unchanged) and each section image's. Anything else is refused, nothing stored.
 */
export const focalSchema = z.string({ error: invalidFocalMessage }).transform((value, ctx) => {
  const focal = parseFocal(value);
  if (focal) return focal;
  ctx.addIssue({ code: "custom", message: invalidFocalMessage });
  return z.NEVER;
});

/** Title, role and category, all required; `missing` is the add or the update wording (docs/spec.md §5). */
function projectFieldsSchema(missing: string) {
  return z
    .object({
      title: requiredText("Title", PROJECT_LIMITS.title, missing),
      role: requiredText("Role", PROJECT_LIMITS.role, missing),
      category: z
        .string({ error: missing })
        .trim()
        .min(1, { error: missing })
        .pipe(z.enum(CATEGORIES, { error: messages.invalidCategory })),
      year: optionalYear,
      client: optionalText("Client", PROJECT_LIMITS.client),
      summary: optionalText("Summary", PROJECT_LIMITS.summary),
      coverFocal: focalSchema.optional(),
    })
    .transform(({ coverFocal, ...fields }) =>
      coverFocal ? { ...fields, coverFocalX: coverFocal.x, coverFocalY: coverFocal.y } : fields,
    );
}

export const createProjectSchema = projectFieldsSchema(messages.addProjectMissing);
export const updateProjectSchema = projectFieldsSchema(messages.updateProjectMissing);
export type ProjectFields = z.infer<typeof createProjectSchema>;

/** A cover given as a URL (the "store" JSON variant, imports): http(s) or one of the site's /media paths. */
export function coverUrlSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(PROJECT_LIMITS.coverUrl, { error: fieldTooLong("Cover", PROJECT_LIMITS.coverUrl) })
    .refine(isStorableText, { error: invalidCharacters("Cover") })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/media\/[\w.-]+$/.test(value), {
      error: "Cover must be an http(s) URL",
    });
}

export const categoryFilterSchema = z.union([z.literal("all"), z.enum(CATEGORIES)], {
  error: messages.invalidCategory,
});

/** The first message of a failed parse, for the `{ success: false, message }` answer. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.invalidForm;
}
