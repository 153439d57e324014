import "server-only";
import type { AuthUser } from "@/lib/auth";
import { invalidateProjectAndLists, invalidateProjects } from "@/lib/cache";
import {
  createProject,
  deleteProject,
  getProject,
  updateProject,
  type Project,
  type ProjectPatch,
} from "@/lib/data/projects";
import { syncCoverJob } from "@/lib/data/video-jobs";
import { isLocalKey } from "@/lib/storage/local";
import { coverTimingMessages, parseSeconds, trimProblem } from "@/lib/validation/video-timing";
import { projectMediaKeys, restoreProject, sectionMediaKeys, trashProject } from "@/lib/data/trash";
import { StaleVersionError } from "@/lib/data/versions";
import { listSections } from "@/lib/data/sections";
import { deleteMediaQuietly, forgetMediaQuietly } from "@/lib/storage";
import { coverRule, coverVideoRule } from "@/lib/validation/uploads";
import { messages, statusMessages } from "@/lib/validation/messages";
import {
  coverUrlSchema,
  createProjectSchema,
  firstMessage,
  updateProjectSchema,
  type ProjectFields,
} from "@/lib/validation/project";
import { parseFlag, parseVersion } from "@/lib/validation/version";
import { statusFieldsSchema, type StatusFields } from "@/lib/validation/status";
import {
  scheduleFieldsSchema,
  scheduleProblem,
  type ScheduleFields,
} from "@/lib/validation/schedule";
import { hashPassword } from "@/lib/auth-service/passwords";
import { JsonBodyError, readJsonObject } from "@/lib/http/json-body";
import type { VideoMeta } from "@/models";
import { commitWithMedia, renditionsOnCloudinary, storeUploads, withUploadForm } from "./media";
import { ApiError } from "./respond";

type CoverChange = { coverUrl: string; coverKey: string | null; coverPlaceholder: string | null };
/**
 * A new cover loop (on Cloudinary with what Cloudinary read of it), or nulls to remove the stored
 * one; absent: unchanged.
 */
type CoverVideoChange = {
  coverVideoUrl: string | null;
  coverVideoKey: string | null;
  coverVideoMeta?: VideoMeta | null;
};
/** The cover loop's in and out points sent: undefined when not sent, null when sent empty. */
type CoverTrim = { coverTrimStart?: number | null; coverTrimEnd?: number | null };
/** The fields of a project form, and the `version` it started from (undefined when not sent). */
type Write = (
  fields: Fields,
  cover: CoverChange | null,
  version: number | undefined,
  coverVideo: CoverVideoChange | null,
  trim: CoverTrim,
) => Promise<Project | null>;

/** `coverVideoUpload`: the id of a finished resumable upload, stored as the `coverVideo` file. */
const resumable = { coverVideoUpload: { field: "coverVideo", kind: "cover-loop" } } as const;

const NO_COVER_VIDEO: CoverVideoChange = { coverVideoUrl: null, coverVideoKey: null };

/** `removeCoverVideo` of an edit: "true" removes the stored loop; absent or "false" keeps it. */
function validRemoveCoverVideo(value: unknown): boolean {
  const flag = parseFlag(value, messages.invalidRemoveCoverVideo);
  if (!flag.ok) throw new ApiError(400, flag.message);
  return flag.value;
}
type Mode = "create" | "update";

/** `coverTrimStart`/`coverTrimEnd` of a form or JSON body (seconds; empty: the default bound). */
function validCoverTrim(values: Record<string, unknown>): CoverTrim {
  const trim: CoverTrim = {};
  for (const field of ["coverTrimStart", "coverTrimEnd"] as const) {
    const raw = values[field];
    const text = raw === undefined ? undefined : raw === null ? "" : String(raw);
    const seconds = parseSeconds(text);
    if (seconds === "invalid") throw new ApiError(400, coverTimingMessages.trim);
    if (seconds !== undefined) trim[field] = seconds;
  }
  return trim;
}

/** A project without a cover loop, or with one served as stored: nothing to encode. */
const NOT_ENCODED = {
  coverVideoStatus: null,
  coverVideoError: null,
  coverVideoRenditions: [],
  coverVideoMeta: null,
  coverTrimStart: null,
  coverTrimEnd: null,
} satisfies ProjectPatch;

/**
 * The cover loop's encoding columns of a write (docs/media.md "Cover loops"): a new loop stored on
 * this server is encoded, keeping the in and out points sent (none: the start, at most 30 s); a
 * kept one is encoded again from its file when they change; a removed one takes them along. A loop
 * on Cloudinary is ready at once, its renditions Cloudinary's transformations for its points
 * (docs/media.md "Media on Cloudinary"), written again with every write; one Cloudinary did not
 * report the size and duration of is served as uploaded, without points.
 */
function coverLoopColumns(
  stored: Project | null,
  video: CoverVideoChange | null,
  trim: CoverTrim,
): ProjectPatch {
  const held = video ?? stored;
  const key = held?.coverVideoKey ?? null;
  const url = held?.coverVideoUrl ?? null;
  const meta = held?.coverVideoMeta ?? null;
  const sets = trim.coverTrimStart != null || trim.coverTrimEnd != null;
  const local = key !== null && isLocalKey(key);
  if (!key || !url || (!local && !meta)) {
    if (sets && !key) throw new ApiError(400, coverTimingMessages.needsLoop);
    if (sets) throw new ApiError(400, coverTimingMessages.needsEncoding);
    return video ? NOT_ENCODED : {};
  }
  const kept = video ? null : stored;
  const next = {
    coverTrimStart:
      trim.coverTrimStart !== undefined ? trim.coverTrimStart : (kept?.coverTrimStart ?? null),
    coverTrimEnd:
      trim.coverTrimEnd !== undefined ? trim.coverTrimEnd : (kept?.coverTrimEnd ?? null),
  };
  const problem = trimProblem(next.coverTrimStart, next.coverTrimEnd, {
    duration: meta?.duration,
    texts: coverTimingMessages,
  });
  if (problem) throw new ApiError(400, problem);
  if (!local) {
    const choices = { loop: true, trimStart: next.coverTrimStart, trimEnd: next.coverTrimEnd };
    const coverVideoRenditions = renditionsOnCloudinary({ url, key, meta: meta! }, choices);
    return {
      ...NOT_ENCODED,
      ...next,
      coverVideoMeta: meta,
      coverVideoStatus: "ready",
      coverVideoRenditions,
    };
  }
  if (!kept) return { ...NOT_ENCODED, ...next, coverVideoStatus: "processing" };
  const changed =
    next.coverTrimStart !== kept.coverTrimStart || next.coverTrimEnd !== kept.coverTrimEnd;
  return changed ? { ...next, coverVideoStatus: "processing", coverVideoError: null } : {};
}

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

type Fields = ProjectFields & StatusFields & ScheduleFields;

function validate(mode: Mode, input: Record<string, unknown>): Fields {
  const result = (mode === "create" ? createProjectSchema : updateProjectSchema).safeParse(input);
  if (!result.success) throw new ApiError(400, firstMessage(result.error));
  const status = statusFieldsSchema.safeParse(input);
  if (!status.success) throw new ApiError(400, firstMessage(status.error));
  const schedule = scheduleFieldsSchema.safeParse(input);
  if (!schedule.success) throw new ApiError(400, firstMessage(schedule.error));
  return { ...result.data, ...status.data, ...schedule.data };
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

/**
 * The fields with the password swapped for what is stored: the hash, never the password. An
 * edit's schedule bound is checked against the stored other bound it keeps (docs/spec.md §11).
 */
async function toColumns(fields: Fields, stored: Project | null) {
  const { status, password, ...rest } = fields;
  const problem = scheduleProblem(
    fields.publishAt === undefined ? stored?.publishAt : fields.publishAt,
    fields.unpublishAt === undefined ? stored?.unpublishAt : fields.unpublishAt,
  );
  if (problem) throw new ApiError(400, problem);
  return { ...rest, ...(await statusColumns({ status, password }, stored)) };
}

function validVersion(value: unknown): number | undefined {
  const version = parseVersion(value);
  if (!version.ok) throw new ApiError(400, version.message);
  return version.value;
}

/**
 * Reads a project form (multipart with a `cover` file, or JSON with a `cover` URL: the spec's
 * "store" variant), stores a new cover and runs `write` with it. The cover is required on create.
 * A multipart form may add a `coverVideo` (an mp4 loop) or, on edit, remove the
 * stored one with `removeCoverVideo=true`. A failed write removes the stored files again.
 */
async function withProjectInput(
  request: Request,
  mode: Mode,
  write: Write,
): Promise<Project | null> {
  const missing = mode === "create" ? messages.addProjectMissing : messages.updateProjectMissing;
  if (isJson(request)) {
    const body = await readProjectJson(request);
    const fields = validate(mode, body);
    const version = validVersion(body.version);
    const coverVideo = validRemoveCoverVideo(body.removeCoverVideo) ? NO_COVER_VIDEO : null;
    const trim = validCoverTrim(body);
    if (mode === "update" && (body.cover === undefined || body.cover === ""))
      return write(fields, null, version, coverVideo, trim);
    const cover = coverUrlSchema(missing).safeParse(body.cover);
    if (!cover.success) throw new ApiError(400, firstMessage(cover.error));
    // An external cover URL is not fetched: it renders without a placeholder.
    const external = { coverUrl: cover.data, coverKey: null, coverPlaceholder: null };
    return write(fields, external, version, coverVideo, trim);
  }
  // A cover uploaded straight to Cloudinary comes as a reference in the cover field.
  const rules = { cover: coverRule, coverVideo: coverVideoRule };
  return withUploadForm(
    request,
    rules,
    { cover: "cover" },
    async (form, references) => {
      const direct = references.cover ?? [];
      if (direct.length > 1) throw new ApiError(400, messages.invalidForm);
      // The cover field's text (a reference) is not a project field: the schemas drop unknown keys.
      const values = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v[0]]));
      const fields = validate(mode, values);
      const version = validVersion(values.version);
      const remove = validRemoveCoverVideo(values.removeCoverVideo);
      const trim = validCoverTrim(values);
      const file = form.files.cover?.[0] ?? direct[0];
      const video = form.files.coverVideo?.[0];
      if (video && remove) throw new ApiError(400, messages.coverVideoAndRemove);
      if (!file && mode === "create") throw new ApiError(400, missing);
      const files = [file, video].filter((upload) => upload !== undefined);
      if (files.length === 0)
        return write(fields, null, version, remove ? NO_COVER_VIDEO : null, trim);
      const stored = await storeUploads(files);
      const coverMedia = file ? stored[0] : undefined;
      const videoMedia = video ? stored.at(-1) : undefined;
      const cover = coverMedia
        ? {
            coverUrl: coverMedia.url,
            coverKey: coverMedia.key,
            coverPlaceholder: coverMedia.placeholder ?? null,
          }
        : null;
      const coverVideo = videoMedia
        ? {
            coverVideoUrl: videoMedia.url,
            coverVideoKey: videoMedia.key,
            coverVideoMeta: videoMedia.video ?? null,
          }
        : remove
          ? NO_COVER_VIDEO
          : null;
      // A refused write (a stale version among them) removes the stored files again.
      return commitWithMedia(stored, () => write(fields, cover, version, coverVideo, trim));
    },
    resumable,
  );
}

export async function createProjectFromRequest(request: Request, user: AuthUser): Promise<Project> {
  const project = await withProjectInput(
    request,
    "create",
    async (fields, cover, _v, video, trim) =>
      createProject({
        ...(await toColumns(fields, null)),
        ...cover!,
        ...video,
        ...coverLoopColumns(null, video, trim),
        userId: user.id,
      }),
  );
  if (!project) throw new Error("Project was not created");
  await syncCoverJob(null, project);
  await invalidateProjects();
  return project;
}

export async function updateProjectFromRequest(id: string, request: Request): Promise<Project> {
  const stored = await getProject(id);
  if (!stored) throw new ApiError(404, messages.projectNotFound);
  let replacedKeys: (string | null)[] = [];
  let before = stored;
  const project = await withProjectInput(
    request,
    "update",
    async (fields, cover, version, video, trim) => {
      const columns = {
        ...(await toColumns(fields, stored)),
        ...cover,
        ...video,
        ...coverLoopColumns(stored, video, trim),
      };
      const result = await updateProject(id, columns, version).catch((error: unknown) => {
        // docs/spec.md §10: an edit that started from an older version overwrites nothing.
        if (error instanceof StaleVersionError) throw new ApiError(409, messages.projectConflict);
        throw error;
      });
      if (!result) return null;
      before = result.before;
      // A replaced cover or cover loop, or a removed loop, is no longer referenced.
      const still = new Set(projectMediaKeys(result.after));
      replacedKeys = projectMediaKeys(result.before).filter((key) => key && !still.has(key));
      return result.after;
    },
  );
  if (!project) throw new ApiError(404, messages.projectNotFound);
  await syncCoverJob(before, project);
  // Only after the commit: until then the old files are still what the row points to.
  await deleteMediaQuietly(replacedKeys);
  await invalidateProjectAndLists(id);
  return project;
}

/**
 * Moves a project to the trash (docs/spec.md §10): gone from every public page and list at once,
 * its sections and media kept until it is restored or purged. With `permanent` the project (in
 * the trash or not), its sections and every media file they reference are deleted for good.
 */
export async function removeProject(id: string, permanent = false): Promise<Project> {
  if (!permanent) {
    const owned = await listSections(id);
    const project = await trashProject(id);
    if (!project) throw new ApiError(404, messages.projectNotFound);
    // /media stops serving its files; the image optimizer's copies must not outlive that.
    await forgetMediaQuietly([...projectMediaKeys(project), ...owned.flatMap(sectionMediaKeys)]);
    await invalidateProjectAndLists(id);
    return project;
  }
  const removed = await deleteProject(id);
  if (!removed) throw new ApiError(404, messages.projectNotFound);
  const keys = [
    ...projectMediaKeys(removed.project),
    ...removed.sections.flatMap(sectionMediaKeys),
  ];
  await deleteMediaQuietly(keys);
  await invalidateProjectAndLists(id);
  return removed.project;
}

/** Takes a project out of the trash, back to its place in the order; 404 when not in the trash. */
export async function restoreProjectById(id: string): Promise<Project> {
  const project = await restoreProject(id);
  if (!project) throw new ApiError(404, messages.projectNotFound);
  await invalidateProjectAndLists(id);
  return project;
}
