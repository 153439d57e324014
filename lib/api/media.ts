import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { mediaKeyInUse } from "@/lib/data/media-keys";
import { owePlaceholders } from "@/lib/data/pending-jobs";
import { deleteMediaQuietly, getStorage, type StoredMedia } from "@/lib/storage";
import { directUploadConfig, directUploadKey, resolveDirectUpload } from "@/lib/uploads/direct";
import { UploadError } from "@/lib/uploads/errors";
import { cloudinaryRefused, messages } from "@/lib/validation/messages";
import { CloudinaryRefusal } from "@/lib/storage/cloudinary";
import { cloudinaryRenditions, type CloudinaryVideoChoices } from "@/lib/uploads/cloudinary-video";
import { EncodeError, probeVideo } from "@/lib/uploads/encode";
import { localPath } from "@/lib/storage/local";
import type { VideoMeta } from "@/models";
import { firstPictureOf } from "@/lib/uploads/frames";
import { ApiError } from "./respond";
import { parseMultipart, type ParsedForm, type UploadedFile } from "@/lib/uploads/parse";
import { placeholderFromPreview } from "@/lib/uploads/placeholder";
import { takeResumableUpload, type ClaimedUpload } from "@/lib/uploads/resumable";
import { resumableMessages, type ResumableKind } from "@/lib/validation/resumable-uploads";
import type { FileRule } from "@/lib/validation/uploads";
import {
  directUploadMessages,
  parseUploadReference,
  type DirectUploadKind,
  type UploadReference,
} from "@/lib/validation/direct-uploads";

/** Where uploads stream to before they are stored: inside DATA_DIR, removed after each request. */
export function uploadTmpDir(): string {
  return path.join(/* turbopackIgnore: true */ env().DATA_DIR, "tmp");
}

/**
 * A file the browser uploaded straight to Cloudinary, named in a file field by
 * an upload reference instead of bytes.
 */
export type DirectUpload = {
  direct: true;
  field: string;
  kind: DirectUploadKind;
  reference: UploadReference;
  /** The name the browser gave, for messages only. */
  name: string;
};

/** A form's media in one field: bytes streamed through this server, or a direct upload. */
export type MediaItem = UploadedFile | DirectUpload;

export const isDirect = (item: MediaItem): item is DirectUpload => "direct" in item;

/**
 * The upload references sent in the text values of file fields (`kinds`: field → kind), in the
 * order sent. A text value that is not a reference, a field mixing files and references, or a
 * reference while Cloudinary is not configured is refused with 400; nothing is stored yet.
 */
export function readDirectUploads(
  fields: Record<string, string[]>,
  files: Record<string, UploadedFile[]>,
  kinds: Record<string, DirectUploadKind>,
): Record<string, DirectUpload[]> {
  const result: Record<string, DirectUpload[]> = {};
  const seen = new Set<string>();
  for (const [field, kind] of Object.entries(kinds)) {
    const values = (fields[field] ?? []).filter((value) => value !== "");
    if (values.length === 0) continue;
    if (!directUploadConfig()) throw new UploadError(400, directUploadMessages.notAvailable);
    if (files[field]?.length) throw new UploadError(400, directUploadMessages.mixedField);
    result[field] = values.map((value) => {
      const reference = parseUploadReference(value);
      // One upload saved twice would be lost with either copy.
      if (!reference || seen.has(reference.public_id))
        throw new UploadError(400, directUploadMessages.invalidReference);
      seen.add(reference.public_id);
      const name = reference.name ?? reference.public_id;
      return { direct: true, field, kind, reference, name };
    });
  }
  return result;
}

/** Public ids a request of this process is saving right now (see claimDirectUploads). */
const claimed = new Set<string>();

/**
 * Marks a request's direct uploads as being saved, so a second request of this process naming
 * one of them is refused (400) before either commits, instead of both saving one file; returns
 * the release to call when the request ends. On PostgreSQL with several servers two requests
 * sent to different servers at the same moment are not caught by this.
 */
export function claimDirectUploads(uploads: readonly DirectUpload[]): () => void {
  const ids = uploads.map((upload) => upload.reference.public_id);
  if (ids.some((id) => claimed.has(id)))
    throw new UploadError(400, directUploadMessages.invalidReference);
  for (const id of ids) claimed.add(id);
  return () => {
    for (const id of ids) claimed.delete(id);
  };
}

/**
 * Destroys the direct uploads of a refused request that this site signed and no row references,
 * so a refusal leaves nothing behind; a foreign or already saved public id is never touched.
 */
export async function discardDirectUploads(uploads: readonly DirectUpload[]): Promise<void> {
  const config = directUploadConfig();
  if (!config) return;
  const keys: string[] = [];
  for (const upload of uploads) {
    const key = directUploadKey(config, upload.reference);
    if (key && !(await mediaKeyInUse(key).catch(() => true))) keys.push(key);
  }
  await deleteMediaQuietly(keys);
}

/** A text field naming a finished resumable upload, and the file field whose file it stands for. */
export type ResumableField = { field: string; kind: ResumableKind };

/**
 * Claims the finished resumable uploads the form's `fields` name (docs/api.md#resumable-uploads)
 * and puts each one's file in its file field, as if it had come in the form. One id per field, and
 * never beside a file or a direct upload in that field (400); a refusal releases those claimed.
 */
async function takeResumableUploads(
  form: ParsedForm,
  references: Record<string, DirectUpload[]>,
  fields: Record<string, ResumableField>,
): Promise<ClaimedUpload[]> {
  const claims: ClaimedUpload[] = [];
  try {
    for (const [name, { field, kind }] of Object.entries(fields)) {
      const ids = (form.fields[name] ?? []).filter((value) => value !== "");
      if (ids.length === 0) continue;
      if (ids.length > 1) throw new UploadError(400, messages.invalidForm);
      if (form.files[field]?.length || references[field]?.length)
        throw new UploadError(400, resumableMessages.fileAndUpload);
      const claim = await takeResumableUpload(ids[0]!, kind, field);
      claims.push(claim);
      form.files[field] = [claim.file];
    }
    return claims;
  } catch (error) {
    await Promise.all(claims.map((claim) => claim.release()));
    throw error;
  }
}

/**
 * Parses a multipart form and runs `handle` with it and the direct uploads its `kinds` fields
 * name (media uploaded straight to Cloudinary, docs/api.md#direct-uploads). The references are claimed first, so a
 * refusal never discards what another request is saving; a refused form leaves no direct upload
 * behind (a saved one is never touched); the temporary files are always removed. The resumable
 * uploads `resumable` names are claimed likewise: attached when `handle` wrote (a result other than
 * null), else left to be attached again.
 */
export async function withUploadForm<T>(
  request: Request,
  rules: Record<string, FileRule>,
  kinds: Record<string, DirectUploadKind>,
  handle: (form: ParsedForm, references: Record<string, DirectUpload[]>) => Promise<T>,
  resumable: Record<string, ResumableField> = {},
): Promise<T> {
  const form = await parseMultipart(request, rules, uploadTmpDir());
  let direct: DirectUpload[] = [];
  let release = () => {};
  let claims: ClaimedUpload[] = [];
  let written = false;
  try {
    const references = readDirectUploads(form.fields, form.files, kinds);
    const found = Object.values(references).flat();
    release = claimDirectUploads(found);
    direct = found;
    claims = await takeResumableUploads(form, references, resumable);
    // Awaited here: a refusal must not wait unhandled while the finally cleans up.
    const result = await handle(form, references);
    written = result !== null;
    return result;
  } catch (error) {
    await discardDirectUploads(direct);
    throw error;
  } finally {
    release();
    await Promise.all(claims.map((claim) => (written ? claim.commit() : claim.release())));
    await form.cleanup();
  }
}

/**
 * Stores checked uploads in order (a direct upload is checked against Cloudinary's record of it
 * and kept where it is); if one fails, the ones already stored are deleted again.
 */
export async function storeUploads(files: readonly MediaItem[]): Promise<StoredMedia[]> {
  const storage = getStorage();
  const stored: StoredMedia[] = [];
  try {
    for (const file of files) {
      if (isDirect(file)) {
        const config = directUploadConfig();
        if (!config) throw new UploadError(400, directUploadMessages.notAvailable);
        const media = await resolveDirectUpload(config, file.reference, file.kind, {
          inUse: mediaKeyInUse,
        });
        // Its bytes never reach this server: an image's placeholder is made from the preview
        // the owner's browser sent with it; without one, the next start's fill reads the image.
        const placeholder =
          file.kind === "video" ? null : await placeholderFromPreview(file.reference.preview);
        if (file.kind !== "video" && !placeholder) await owePlaceholders();
        stored.push({ ...media, placeholder });
        continue;
      }
      const media = await storage
        .put({
          path: file.path,
          // parseMultipart's files are removed by the caller's cleanup() once stored.
          temporary: true,
          contentType: file.contentType,
          kind: file.kind,
          width: file.width,
          height: file.height,
        })
        .catch((error: unknown) => {
          if (error instanceof CloudinaryRefusal)
            throw new ApiError(502, cloudinaryRefused(file.name, error.reason));
          throw error;
        });
      stored.push({ ...media, placeholder: file.placeholder });
    }
    return stored;
  } catch (error) {
    await deleteMediaQuietly(stored.map((media) => media.key));
    throw error;
  }
}

/**
 * Stores uploads as storeUploads does; `video` among them, a file on this server about to go to
 * Cloudinary, gets the time of its first non-black frame in its `video` meta (`firstPicture`, its
 * default poster's frame: docs/media.md "Media on Cloudinary"), searched while it is sent. A direct
 * upload's bytes never come here, a local store encodes the file, and a file ffmpeg cannot read
 * gets none.
 */
export async function storeUploadsFindingFirstPicture(
  files: readonly MediaItem[],
  video: MediaItem | undefined,
): Promise<StoredMedia[]> {
  if (!video || isDirect(video) || !env().CLOUDINARY_URL) return storeUploads(files);
  const search = new AbortController();
  const found = firstPictureOf(video.path, search.signal);
  let stored: StoredMedia[];
  try {
    stored = await storeUploads(files);
  } catch (error) {
    search.abort();
    throw error;
  }
  const at = await found;
  return stored.map((media, index) =>
    files[index] === video && media.video && at !== null
      ? { ...media, video: { ...media.video, firstPicture: at } }
      : media,
  );
}

/**
 * A Cloudinary video's renditions for a loop or player (lib/uploads/cloudinary-video.ts); an in
 * point its video does not reach is refused with the encoder's reason (400).
 */
export function renditionsOnCloudinary(
  video: Parameters<typeof cloudinaryRenditions>[0],
  choices: CloudinaryVideoChoices,
) {
  try {
    return cloudinaryRenditions(video, choices);
  } catch (error) {
    if (error instanceof EncodeError) throw new ApiError(400, error.message);
    throw error;
  }
}

/**
 * Runs the database write that references newly stored media. When it throws or finds nothing to
 * write to (null), the new files are deleted, so a failed request leaves neither row nor file.
 */
export async function commitWithMedia<T>(
  stored: readonly StoredMedia[],
  write: () => Promise<T | null>,
): Promise<T | null> {
  let result: T | null;
  try {
    result = await write();
  } catch (error) {
    await deleteMediaQuietly(stored.map((media) => media.key));
    throw error;
  }
  if (result === null) await deleteMediaQuietly(stored.map((media) => media.key));
  return result;
}

/**
 * What ffmpeg reads of a video stored on this server, above all its codec: until its renditions are
 * ready only an H.264 mp4 plays as uploaded (docs/media.md#video-encoding). Null when it cannot be
 * read: the encoder refuses it with its reason.
 */
export async function storedVideoMeta(key: string): Promise<VideoMeta | null> {
  const file = localPath(env().DATA_DIR, key);
  if (!file) return null;
  try {
    const [probe, { size }] = await Promise.all([probeVideo(file), fs.stat(file)]);
    return { ...probe, bytes: size };
  } catch {
    return null;
  }
}
