import { messages } from "@/lib/validation/messages";
import { createProjectSchema, firstMessage, updateProjectSchema } from "@/lib/validation/project";
import { formatFocal, type Focal } from "@/lib/validation/focal";

/** What the owner has entered in the Add New Project form or the card's Edit modal. */
export type ProjectDraft<F = File> = {
  title: string;
  role: string;
  category: string;
  cover: F | null;
  /**
   * The optional details as typed (issue 17). The forms always hold a string, so "" clears the
   * stored value; left undefined, the field is not sent and an edit keeps what is stored.
   */
  year?: string;
  client?: string;
  summary?: string;
  /** The cover's focal point (issue 18.2); left undefined, it is not sent (an edit keeps it). */
  coverFocal?: Focal;
};

/** The draft as the API's schema reads it: the focal point as its "x,y" field. */
const asFields = <F>({ coverFocal, ...draft }: ProjectDraft<F>) => ({
  ...draft,
  ...(coverFocal ? { coverFocal: formatFocal(coverFocal) } : {}),
});

/**
 * Add form: the API's own schema and wording, and the cover file is required too ('Please fill
 * in all Feilds !').
 */
export function validateNewProject<F>(draft: ProjectDraft<F>): string | null {
  const result = createProjectSchema.safeParse(asFields(draft));
  if (!result.success) return firstMessage(result.error);
  return draft.cover ? null : messages.addProjectMissing;
}

/** Edit modal: the API's schema for title, role and category; a new cover is optional. */
export function validateProjectEdit<F>(draft: ProjectDraft<F>): string | null {
  const result = updateProjectSchema.safeParse(asFields(draft));
  return result.success ? null : firstMessage(result.error);
}

type FormDataLike<F> = { append(name: string, value: string | F): void };

/** The multipart body of POST/PUT /api/projects; the cover only when one was chosen. */
export function fillProjectForm<F>(
  form: FormDataLike<F>,
  draft: ProjectDraft<F>,
  userId?: string,
): void {
  form.append("title", draft.title.trim());
  form.append("role", draft.role.trim());
  form.append("category", draft.category);
  for (const name of ["year", "client", "summary"] as const) {
    const value = draft[name];
    if (value !== undefined) form.append(name, value.trim());
  }
  if (draft.coverFocal) form.append("coverFocal", formatFocal(draft.coverFocal));
  if (userId) form.append("userId", userId);
  if (draft.cover) form.append("cover", draft.cover);
}
