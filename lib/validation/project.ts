import { z } from "zod";
import { CATEGORIES } from "./categories";
import { fieldTooLong, invalidCharacters, messages } from "./messages";
import { PROJECT_LIMITS } from "./limits";
import { hasVisibleText, isStorableText } from "./text";

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

/** Title, role and category, all required; `missing` is the add or the update wording (docs/spec.md §5). */
function projectFieldsSchema(missing: string) {
  return z.object({
    title: requiredText("Title", PROJECT_LIMITS.title, missing),
    role: requiredText("Role", PROJECT_LIMITS.role, missing),
    category: z
      .string({ error: missing })
      .trim()
      .min(1, { error: missing })
      .pipe(z.enum(CATEGORIES, { error: messages.invalidCategory })),
  });
}

export const createProjectSchema = projectFieldsSchema(messages.addProjectMissing);
export const updateProjectSchema = projectFieldsSchema(messages.updateProjectMissing);
export type ProjectFields = z.infer<typeof createProjectSchema>;

/** A cover given as a URL (the "store" JSON variant, imports): http(s) or one of our /media paths. */
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
