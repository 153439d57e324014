import { messages } from "@/lib/validation/messages";
import { uploadDirect } from "./direct-upload";
import { createProjectSchema, firstMessage, updateProjectSchema } from "@/lib/validation/project";
import { formatFocal, type Focal } from "@/lib/validation/focal";
import { statusFieldsSchema } from "@/lib/validation/status";
import { statusMessages } from "@/lib/validation/messages";
import { scheduleProblem } from "@/lib/validation/schedule";

/** What the owner has entered in the Add New Project form or the card's Edit modal. */
export type ProjectDraft<F = File> = {
  title: string;
  role: string;
  category: string;
  cover: F | null;
  /** An mp4 cover loop to upload; undefined or null: none chosen. */
  coverVideo?: F | null;
  /** A cover loop uploaded with tus (docs/api.md#resumable-uploads): its id once complete. */
  coverVideoUpload?: string | null;
  /** A cover loop upload still under way: the form waits for it. */
  coverVideoUploading?: boolean;
  /** A picked cover loop still being checked (does this browser play it?): Save waits. */
  coverVideoChecking?: boolean;
  /**
   * The cover loop's in and out points (docs/media.md "Cover loops"); sent only once the owner
   * moves one (null: a save keeps the stored ones, or a new loop gets the default).
   */
  coverTrim?: { start: number; end: number } | null;
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
  /**
   * The schedule (docs/spec.md §11) as a datetime-local field holds it, in the owner's time zone
   * ("2026-03-01T09:00"); "" clears it, undefined leaves it out (an edit keeps the stored one).
   */
  publishAt?: string;
  unpublishAt?: string;
};

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * An ISO 8601 instant as a datetime-local field shows it in this browser's time zone, to the
 * second (an edit sends the field only when the owner changed it, so milliseconds are kept).
 */
export function toLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const seconds = at.getSeconds() ? `:${pad(at.getSeconds())}` : "";
  return `${date}T${pad(at.getHours())}:${pad(at.getMinutes())}${seconds}`;
}

/**
 * A datetime-local value (this browser's time zone) as the ISO 8601 instant the API reads; "" for
 * an empty field, and for one the browser cannot read (the API then refuses nothing it clears).
 */
export function fromLocalDateTime(value: string): string {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : "";
}

/** This browser's time zone as the form shows it: "Europe/Paris (GMT+01:00)". */
export function describeTimeZone(now = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat("en-US", { timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((part) => part.type === "timeZoneName")?.value;
  return offset ? `${zone} (${offset})` : zone;
}

/** The API's order rule for the schedule the form holds (both fields set). */
function scheduleDraftProblem<F>({ publishAt, unpublishAt }: ProjectDraft<F>): string | null {
  const at = (value?: string) => (value ? new Date(value) : null);
  return scheduleProblem(at(publishAt), at(unpublishAt));
}

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
  return scheduleDraftProblem(draft);
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
  for (const name of ["publishAt", "unpublishAt"] as const) {
    const value = draft[name];
    if (value !== undefined) form.append(name, fromLocalDateTime(value));
  }
  if (userId) form.append("userId", userId);
  if (draft.cover) form.append("cover", draft.cover);
  if (draft.coverVideo) form.append("coverVideo", draft.coverVideo);
  else if (draft.coverVideoUpload) form.append("coverVideoUpload", draft.coverVideoUpload);
  else if (draft.removeCoverVideo) form.append("removeCoverVideo", "true");
  if (
    draft.coverTrim &&
    !(draft.removeCoverVideo && !draft.coverVideo && !draft.coverVideoUpload)
  ) {
    form.append("coverTrimStart", String(draft.coverTrim.start));
    form.append("coverTrimEnd", String(draft.coverTrim.end));
  }
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
  if (draft.coverVideoUploading)
    return {
      ok: false,
      message: "The cover loop is still uploading. Save once the upload is complete.",
    };
  const direct = await uploadDirect(draft.cover ? [{ file: draft.cover, kind: "cover" }] : []);
  if (direct.kind === "failed") return { ok: false, message: direct.message };
  const reference = direct.kind === "ok" ? direct.references[0] : undefined;
  const form = new FormData();
  fillProjectForm<File | string>(form, reference ? { ...draft, cover: reference } : draft, userId);
  return { ok: true, form };
}
