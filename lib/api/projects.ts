import "server-only";
import type { AuthUser } from "@/lib/auth";
import { invalidateProject, invalidateProjects } from "@/lib/cache";
import {
  createProject,
  deleteProject,
  getProject,
  updateProject,
  type Project,
} from "@/lib/data/projects";
import { deleteMediaQuietly } from "@/lib/storage";
import { parseMultipart } from "@/lib/uploads/parse";
import { coverRule } from "@/lib/validation/uploads";
import { messages } from "@/lib/validation/messages";
import {
  coverUrlSchema,
  createProjectSchema,
  firstMessage,
  updateProjectSchema,
  type ProjectFields,
} from "@/lib/validation/project";
import { statusFieldsSchema, statusMessages, type StatusFields } from "@/lib/validation/status";
import { hashPassword } from "@/lib/auth-service/passwords";
import { JsonBodyError, readJsonObject } from "./json-body";
import { commitWithMedia, storeUploads, uploadTmpDir } from "./media";
import { ApiError } from "./respond";

type CoverChange = { coverUrl: string; coverKey: string | null };
type Mode = "create" | "update";

function isJson(request: Request): boolean {
  return /^application\/json\b/i.test(request.headers.get("content-type") ?? "");
}

const MAX_JSON_BYTES = 64 * 1024;

/** A small JSON object body; anything larger than a project's fields is refused unread. */
async function readProjectJson(request: Request): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(request, MAX_JSON_BYTES);
  } catch (error) {
    if (!(error instanceof JsonBodyError)) throw error;
    if (error.problem === "too_large") throw new ApiError(413, "Request body too large");
    throw new ApiError(400, messages.invalidForm);
  }
}

type Fields = ProjectFields & StatusFields;

function validate(mode: Mode, input: Record<string, unknown>): Fields {
  const result = (mode === "create" ? createProjectSchema : updateProjectSchema).safeParse(input);
  if (!result.success) throw new ApiError(400, firstMessage(result.error));
  const status = statusFieldsSchema.safeParse(input);
  if (!status.success) throw new ApiError(400, firstMessage(status.error));
  return { ...result.data, ...status.data };
}

/**
 * The status columns a write stores (docs/spec.md §11): "protected" needs a password, new or
 * already stored (an edit that keeps a protected project protected may leave it out); any other
 * status drops a stored password. Absent status: the add's "published", the edit's stored one.
 */
async function statusColumns(
  { status, password }: StatusFields,
  stored: Project | null,
): Promise<{ status?: Project["status"]; passwordHash?: string | null }> {
  if (status === undefined) return stored ? {} : { status: "published", passwordHash: null };
  if (status !== "protected") return { status, passwordHash: null };
  if (password !== undefined) return { status, passwordHash: await hashPassword(password) };
  if (stored?.status === "protected" && stored.passwordHash) return { status };
  throw new ApiError(400, statusMessages.passwordTooShort);
}

/** The fields with the password swapped for what is stored: the hash, never the password. */
async function toColumns(fields: Fields, stored: Project | null) {
  const { status, password, ...rest } = fields;
  return { ...rest, ...(await statusColumns({ status, password }, stored)) };
}

/**
 * Reads a project form (multipart with a `cover` file, or JSON with a `cover` URL: the spec's
 * "store" variant), stores a new cover and runs `write` with it. The cover is required on create.
 * A failed write removes the stored cover again.
 */
async function withProjectInput(
  request: Request,
  mode: Mode,
  write: (fields: Fields, cover: CoverChange | null) => Promise<Project | null>,
): Promise<Project | null> {
  const missing = mode === "create" ? messages.addProjectMissing : messages.updateProjectMissing;
  if (isJson(request)) {
    const body = await readProjectJson(request);
    const fields = validate(mode, body);
    if (mode === "update" && (body.cover === undefined || body.cover === ""))
      return write(fields, null);
    const cover = coverUrlSchema(missing).safeParse(body.cover);
    if (!cover.success) throw new ApiError(400, firstMessage(cover.error));
    return write(fields, { coverUrl: cover.data, coverKey: null });
  }
  const form = await parseMultipart(request, { cover: coverRule }, uploadTmpDir());
  try {
    const fields = validate(
      mode,
      Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v[0]])),
    );
    const file = form.files.cover?.[0];
    if (!file) {
      if (mode === "create") throw new ApiError(400, missing);
      return write(fields, null);
    }
    const stored = await storeUploads([file]);
    const [media] = stored;
    return commitWithMedia(stored, () =>
      write(fields, { coverUrl: media!.url, coverKey: media!.key }),
    );
  } finally {
    await form.cleanup();
  }
}

export async function createProjectFromRequest(request: Request, user: AuthUser): Promise<Project> {
  const project = await withProjectInput(request, "create", async (fields, cover) =>
    createProject({ ...(await toColumns(fields, null)), ...cover!, userId: user.id }),
  );
  if (!project) throw new Error("Project was not created");
  invalidateProjects();
  return project;
}

export async function updateProjectFromRequest(id: string, request: Request): Promise<Project> {
  const stored = await getProject(id);
  if (!stored) throw new ApiError(404, messages.projectNotFound);
  let replacedKey: string | null = null;
  const project = await withProjectInput(request, "update", async (fields, cover) => {
    const result = await updateProject(id, { ...(await toColumns(fields, stored)), ...cover });
    if (!result) return null;
    if (cover && result.before.coverKey !== result.after.coverKey)
      replacedKey = result.before.coverKey;
    return result.after;
  });
  if (!project) throw new ApiError(404, messages.projectNotFound);
  // Only after the commit: until then the old cover is still what the row points to.
  await deleteMediaQuietly([replacedKey]);
  invalidateProject(id);
  invalidateProjects();
  return project;
}

/** Deletes a project, its sections and every media file they reference. */
export async function removeProject(id: string): Promise<Project> {
  const removed = await deleteProject(id);
  if (!removed) throw new ApiError(404, messages.projectNotFound);
  const keys = [
    removed.project.coverKey,
    ...removed.sections.flatMap((section) => [
      section.videoKey,
      ...section.images.map((image) => image.key),
    ]),
  ];
  await deleteMediaQuietly(keys);
  invalidateProject(id);
  invalidateProjects();
  return removed.project;
}
