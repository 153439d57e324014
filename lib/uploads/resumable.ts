import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { fileTypeFromFile } from "file-type";
import { env } from "@/lib/env";
import {
  MASTER_CODECS,
  RESUMABLE_ENDPOINT,
  RESUMABLE_EXPIRY_HOURS,
  RESUMABLE_KINDS,
  resumableMessages as text,
  type MasterType,
  type ResumableKind,
} from "@/lib/validation/resumable-uploads";
import { MB } from "@/lib/validation/uploads";
import { frameMessages } from "@/lib/validation/video-timing";
import { EncodeError, probeVideo } from "./encode";
import { UploadError } from "./errors";
import type { UploadedFile } from "./parse";
import { PostgresLocker } from "./upload-locks";

/**
 * Resumable uploads of video masters (tus 1.0, docs/media.md#resumable-uploads) with `@tus/server`
 * and its file store under DATA_DIR/resumable: `<id>` holds the bytes received so far and
 * `<id>.json` what the upload is (size, metadata, creation date). Both are on disk, so an upload
 * survives a dropped connection and a server restart: HEAD answers the size of `<id>`. A finished
 * upload is checked by its content, then attached to a section or project by its id
 * (`takeResumableUpload`), which renames `<id>.json` to `<id>.attaching` (one request wins, on a
 * shared disk too) and, once the row is written, to `<id>.attached` (kept until the expiry sweep,
 * so a second attach is told the upload is attached, not unknown).
 */

export function resumableDir(dataDir: string): string {
  return path.join(/* turbopackIgnore: true */ dataDir, "resumable");
}

/** Upload ids are the file store's: 32 hex characters. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
export const isUploadId = (id: string) => UPLOAD_ID.test(id);

/** A tus hook's refusal: @tus/server answers it with this status and text. */
type HookRefusal = { status_code: number; body: string };
const refusal = (status_code: number, body: string): HookRefusal => ({ status_code, body });

/** The name an upload's metadata gives, for messages only (never a storage name). */
const nameOf = (metadata: Upload["metadata"]) =>
  (metadata?.filename ?? "").slice(0, 255) || "video";

/** Bytes free for this process on DATA_DIR's file system. */
async function freeBytes(dataDir: string): Promise<number> {
  const stats = await fs.statfs(dataDir);
  return stats.bavail * stats.bsize;
}

/**
 * Creation: the kind is known, the length is declared (not deferred), the file is not empty, not
 * larger than VIDEO_MAX_MB nor than the free disk space. Only the three known metadata keys are kept.
 */
async function checkCreation(upload: Upload) {
  const { DATA_DIR, VIDEO_MAX_MB } = env();
  const metadata = upload.metadata ?? {};
  const name = nameOf(metadata);
  const kind = metadata.kind as ResumableKind;
  if (!RESUMABLE_KINDS.includes(kind)) throw refusal(400, text.invalidKind);
  if (upload.size === undefined) throw refusal(400, text.lengthRequired);
  if (upload.size === 0) throw refusal(400, text.emptyFile(name));
  if (upload.size > VIDEO_MAX_MB * MB) throw refusal(413, text.tooLarge(name, VIDEO_MAX_MB));
  const free = await freeBytes(DATA_DIR);
  if (upload.size > free) throw refusal(413, text.noDiskSpace(name, upload.size, free));
  return { metadata: { filename: name, filetype: metadata.filetype ?? "", kind } };
}

/** The container of a file by its first bytes, as a stored media type; null when not a master's. */
export async function sniffMaster(file: string): Promise<MasterType | null> {
  const mime = (await fileTypeFromFile(file))?.mime as string | undefined;
  if (mime === "video/x-m4v") return "video/mp4";
  if (mime === "video/matroska") return "video/x-matroska";
  return mime && mime in MASTER_CODECS ? (mime as MasterType) : null;
}

/**
 * A complete upload's content: an accepted container holding a video stream of an accepted codec
 * that ffmpeg reads (duration, size and length within the encoder's bounds). Throws the refusal.
 */
export async function checkMaster(file: string, name: string): Promise<MasterType> {
  const type = await sniffMaster(file);
  if (!type) throw new UploadError(415, text.notVideo(name));
  try {
    const probe = await probeVideo(file);
    if (!(MASTER_CODECS[type] as readonly string[]).includes(probe.codec))
      throw new UploadError(415, text.codec(name, probe.codec));
  } catch (error) {
    if (error instanceof EncodeError)
      throw new UploadError(415, text.unreadable(name, error.message));
    throw error;
  }
  return type;
}

function createServer(): Server {
  const { DATA_DIR, DATABASE_URL } = env();
  const directory = resumableDir(DATA_DIR);
  const server: Server = new Server({
    path: RESUMABLE_ENDPOINT,
    datastore: new FileStore({ directory }),
    // On PostgreSQL several servers may share DATA_DIR: the lock of an upload is the database's,
    // on a connection of its own. On PGlite (one process) @tus/server's in-memory lock.
    ...(DATABASE_URL ? { locker: new PostgresLocker(DATABASE_URL) } : {}),
    // The forms are same-origin: no CORS headers, and a Location the browser resolves itself.
    allowedOrigins: [],
    relativeLocation: true,
    onUploadCreate: async (_request, upload) => checkCreation(upload),
    onUploadFinish: async (_request, upload) => {
      try {
        await checkMaster(
          path.join(/* turbopackIgnore: true */ directory, upload.id),
          nameOf(upload.metadata),
        );
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        // A refused file is not kept: nothing of it is left on the disk.
        await server.datastore.remove(upload.id).catch(() => {});
        throw refusal(error.status, error.message);
      }
      return {};
    },
  });
  return server;
}

const SERVER = Symbol.for("portfolio.resumableUploads");
type WithServer = { [SERVER]?: Server };

/**
 * The process's tus server, shared by the route handlers (each route is its own bundle, and
 * @tus/server's in-memory lock must be one per process; on PostgreSQL the lock is the database's).
 */
export function resumableServer(): Server {
  const holder = globalThis as WithServer;
  return (holder[SERVER] ??= createServer());
}

/** A finished upload claimed for a form's write: store its file, then `commit` or `release`. */
export type ClaimedUpload = {
  file: UploadedFile;
  /** The row is written: the upload's bytes go (the stored copy is a hard link) and it reads as attached. */
  commit: () => Promise<void>;
  /** Nothing was written: the upload can be attached again. */
  release: () => Promise<void>;
};

/**
 * Claims the finished upload `id` of `kind` for the file field `field`. Unknown, attached, of
 * another kind or unfinished: a 400 naming it, and the upload is left as it was.
 */
export async function takeResumableUpload(
  id: string,
  kind: ResumableKind,
  field: string,
): Promise<ClaimedUpload> {
  if (!UPLOAD_ID.test(id)) throw new UploadError(400, text.unknown(id.slice(0, 64)));
  const dir = resumableDir(env().DATA_DIR);
  const at = (suffix: string) => path.join(/* turbopackIgnore: true */ dir, `${id}${suffix}`);
  try {
    await fs.rename(at(".json"), at(".attaching"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const attached = await Promise.any([fs.access(at(".attached")), fs.access(at(".attaching"))])
      .then(() => true)
      .catch(() => false);
    throw new UploadError(400, attached ? text.attached(id) : text.unknown(id));
  }
  const release = () => fs.rename(at(".attaching"), at(".json")).catch(() => {});
  try {
    const info = JSON.parse(await fs.readFile(at(".attaching"), "utf8")) as Upload;
    const metadata = info.metadata ?? {};
    if (metadata.kind !== kind)
      throw new UploadError(400, text.wrongKind(id, metadata.kind as ResumableKind));
    const received = (await fs.stat(at(""))).size;
    if (info.size === undefined || received !== info.size)
      throw new UploadError(400, text.unfinished(id, received, info.size ?? 0));
    const name = nameOf(metadata);
    // Checked when the last byte came; the container is read again for the stored file's type.
    const contentType = await sniffMaster(at(""));
    if (!contentType) throw new UploadError(415, text.notVideo(name));
    const file: UploadedFile = {
      field,
      name,
      path: at(""),
      size: received,
      contentType,
      kind: "video",
      width: null,
      height: null,
      placeholder: null,
    };
    const commit = async () => {
      await fs.rename(at(".attaching"), at(".attached"));
      await fs.rm(at(""), { force: true });
      await fs.rm(at(FRAMES_SUFFIX), { force: true });
    };
    return { file, commit, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The cached frame strip of an upload (lib/uploads/frames.ts), beside its bytes. */
const FRAMES_SUFFIX = ".frames.jpg";

/**
 * The bytes of the finished, not yet attached upload `id` and where its frame strip is cached:
 * a 404 when there is no such upload (unknown, attached, refused, expired), a 409 while bytes
 * are still missing.
 */
export async function finishedUpload(id: string): Promise<{ file: string; frames: string }> {
  const dir = resumableDir(env().DATA_DIR);
  const at = (suffix: string) => path.join(/* turbopackIgnore: true */ dir, `${id}${suffix}`);
  const info = isUploadId(id)
    ? await fs
        .readFile(at(".json"), "utf8")
        .then((text) => JSON.parse(text) as Upload)
        .catch(() => null)
    : null;
  if (!info) throw new UploadError(404, text.unknown(id.slice(0, 64)));
  const received = await fs.stat(at("")).then(
    (stat) => stat.size,
    () => 0,
  );
  if (info.size === undefined || received !== info.size)
    throw new UploadError(409, frameMessages.unfinished(id));
  return { file: at(""), frames: at(FRAMES_SUFFIX) };
}

/** Removes the cached frame strip of a cancelled upload (the file store removes the rest). */
export async function removeUploadFrames(id: string): Promise<void> {
  if (isUploadId(id))
    await fs.rm(path.join(resumableDir(env().DATA_DIR), `${id}${FRAMES_SUFFIX}`), { force: true });
}

/**
 * Deletes uploads not attached within RESUMABLE_EXPIRY_HOURS of their last byte (finished or
 * not), attach markers as old, and claims a crash left behind; returns the ids removed.
 */
export async function sweepExpiredUploads(dataDir: string, now = Date.now()): Promise<string[]> {
  const dir = resumableDir(dataDir);
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  const expiry = RESUMABLE_EXPIRY_HOURS * 60 * 60 * 1000;
  const ids = new Set(entries.map((name) => name.slice(0, 32)).filter((id) => UPLOAD_ID.test(id)));
  const removed: string[] = [];
  for (const id of ids) {
    const files = entries.filter((name) => name.startsWith(id));
    const times = await Promise.all(
      files.map((name) =>
        fs.stat(path.join(/* turbopackIgnore: true */ dir, name)).then(
          (stat) => stat.mtimeMs,
          () => now,
        ),
      ),
    );
    if (now - Math.max(...times) <= expiry) continue;
    await Promise.all(
      files.map((name) => fs.rm(path.join(/* turbopackIgnore: true */ dir, name), { force: true })),
    );
    removed.push(id);
  }
  return removed;
}
