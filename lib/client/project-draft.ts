import { messages } from "@/lib/validation/messages";
import { uploadDirect } from "./direct-upload";
import { createProjectSchema, firstMessage, updateProjectSchema } from "@/lib/validation/project";
import { formatFocal, type Focal } from "@/lib/validation/focal";
import { statusFieldsSchema } from "@/lib/validation/status";
import { statusMessages } from "@/lib/validation/messages";

/** What the owner has entered in the Add New Project form or the card's Edit modal. */
export type ProjectDraft<F = File> = {
  title: string;
  role: string;
  category: string;
  cover: F | null;
  /** An mp4 cover loop to upload; undefined or null: none chosen. */
  coverVideo?: F | null;
  /** Edit modal: remove the stored cover loop (sent as removeCoverVideo=true). */
  removeCoverVideo?: boolean;
  /**
   * The optional details as typed. The forms always hold a string, so "" clears the
   * stored value; left undefined, the field is not sent and an edit keeps what is stored.
   */
  year?: string;
  client?: string;
  summary?: string;
  /** The cover's focal point; left undefined, it is not sent (an edit keeps it). */
  coverFocal?: Focal;
  /**
   * Status (docs/spec.md §11) and, for "protected", a new password. Left undefined, the status is
   * not sent and an edit keeps the stored one.
   */
  status?: string;
  password?: string;
  /** Edit modal: the project has a stored password, so "protected" may keep it (password ""). */
  hasPassword?: boolean;
};

/** The draft as the API's schema reads it: the focal point as its "x,y" field. */
const asFields = <F>({ coverFocal, ...draft }: ProjectDraft<F>) => ({
  ...draft,
  ...(coverFocal ? { coverFocal: formatFocal(coverFocal) } : {}),
});

/** The status rules of the API, plus: "protected" without a stored password needs a new one. */
function statusProblem<F>(draft: ProjectDraft<F>): string | null {
  const result = statusFieldsSchema.safeParse(draft);
  if (!result.success) return firstMessage(result.error);
  if (draft.status === "protected" && !draft.password && !draft.hasPassword)
    return statusMessages.passwordTooShort;
  return null;
}

/**
 * Add form: the API's own schema and wording, and the cover file is required too ('Please fill
 * in all Feilds !').
 */
export function validateNewProject<F>(draft: ProjectDraft<F>): string | null {
  const result = createProjectSchema.safeParse(asFields(draft));
  if (!result.success) return firstMessage(result.error);
  if (!draft.cover) return messages.addProjectMissing;
  return statusProblem(draft);
}

/** Edit modal: the API's schema for title, role and category; a new cover is optional. */
export function validateProjectEdit<F>(draft: ProjectDraft<F>): string | null {
  const result = updateProjectSchema.safeParse(asFields(draft));
  return result.success ? statusProblem(draft) : firstMessage(result.error);
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
  if (draft.status) form.append("status", draft.status);
  if (draft.status === "protected" && draft.password) form.append("password", draft.password);
  if (userId) form.append("userId", userId);
  if (draft.cover) form.append("cover", draft.cover);
  if (draft.coverVideo) form.append("coverVideo", draft.coverVideo);
  else if (draft.removeCoverVideo) form.append("removeCoverVideo", "true");
}

/**
 * The multipart body of the Add and Edit project forms. On Cloudinary a newly chosen cover goes
 * there first and the form carries its reference; else the file itself. A failed
 * direct upload gives the message to show and no form.
 */
export async function projectFormData(
  draft: ProjectDraft,
  userId?: string,
): Promise<{ ok: true; form: FormData } | { ok: false; message: string }> {
  const direct = await uploadDirect(draft.cover ? [{ file: draft.cover, kind: "cover" }] : []);
  if (direct.kind === "failed") return { ok: false, message: direct.message };
  const reference = direct.kind === "ok" ? direct.references[0] : undefined;
  const form = new FormData();
  fillProjectForm<File | string>(form, reference ? { ...draft, cover: reference } : draft, userId);
  return { ok: true, form };
}
