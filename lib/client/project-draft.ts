import { isProjectCategory } from "./categories";
import { messages } from "./messages";

/** What the owner has entered in the Add New Project form or the card's Edit modal. */
export type ProjectDraft<F = File> = {
  title: string;
  role: string;
  category: string;
  cover: F | null;
};

/** Add form: every field, the cover file included, is required ('Please fill in all Feilds !'). */
export function validateNewProject<F>(draft: ProjectDraft<F>): string | null {
  if (!draft.title.trim() || !draft.role.trim() || !draft.category || !draft.cover) {
    return messages.addProjectMissing;
  }
  if (!isProjectCategory(draft.category)) return messages.addProjectMissing;
  return null;
}

/** Edit modal: title, role and category are required; a new cover is optional. */
export function validateProjectEdit<F>(draft: ProjectDraft<F>): string | null {
  if (!draft.title.trim() || !draft.role.trim() || !isProjectCategory(draft.category)) {
    return messages.updateProjectMissing;
  }
  return null;
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
  if (userId) form.append("userId", userId);
  if (draft.cover) form.append("cover", draft.cover);
}
