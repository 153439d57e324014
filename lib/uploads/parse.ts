import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import formidable, { errors as formidableErrors, multipart } from "formidable";
import { messages, tooManyImages } from "@/lib/validation/messages";
import { UploadError } from "./errors";
import { GuardedFile } from "./guarded-file";
import { measureImage } from "./measure";
import { makePlaceholder } from "./placeholder";
import { bodyToNodeStream, isMultipartFormData } from "@/lib/http/request-body";
import { sweepOnce } from "./sweep";
import {
  wrongTypeMessage,
  type FileRule,
  type MediaKind,
  type MediaType,
} from "@/lib/validation/uploads";

export type UploadedFile = {
  field: string;
  /** The name the client gave, used in messages only; never as a storage name. */
  name: string;
  path: string;
  size: number;
  contentType: MediaType;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  /** An image's blur-up placeholder (lib/uploads/placeholder.ts); null for videos. */
  placeholder: string | null;
};

export type ParsedForm = {
  fields: Record<string, string[]>;
  files: Record<string, UploadedFile[]>;
  /** Removes the temporary files; call in a `finally` once they are stored. */
  cleanup: () => Promise<void>;
};

const MAX_FIELDS = 100;
const NO_FILES: FileRule = { kind: "image", types: [], maxBytes: 0, maxCount: 0 };
const MAX_FIELDS_BYTES = 1024 * 1024;
/** Room for boundaries and part headers (a long file name included) around the fields and files. */
const PART_OVERHEAD_BYTES = 64 * 1024;
const TOO_LARGE = "Request body too large";

/**
 * The largest body a valid form for these rules can be: every file field at its limit, the text
 * fields at theirs, and the multipart framing around them. A declared Content-Length above it is
 * refused before anything is read or written.
 */
export function maxFormBytes(rules: Record<string, FileRule>): number {
  const files = Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes * rule.maxCount, 0);
  return files + MAX_FIELDS_BYTES + PART_OVERHEAD_BYTES;
}

/**
 * Streams a multipart request into temporary files under `tmpRoot`, enforcing each file field's
 * rule while the bytes arrive (see GuardedFile), then measures images. On any refusal the
 * temporary files are removed before the UploadError is thrown; on success the caller removes
 * them with `cleanup()`.
 */
export async function parseMultipart(
  request: Request,
  rules: Record<string, FileRule>,
  tmpRoot: string,
): Promise<ParsedForm> {
  if (!request.body || !isMultipartFormData(request.headers.get("content-type"))) {
    throw new UploadError(400, messages.invalidForm);
  }
  // A body that cannot be a valid form is refused unread (the rest is still read and dropped by
  // Next.js, never held: see lib/http/request-body.ts); one that hides its length is cut by the limits below.
  if (Number(request.headers.get("content-length") ?? 0) > maxFormBytes(rules)) {
    throw new UploadError(413, TOO_LARGE);
  }
  await sweepOnce(tmpRoot);
  const dir = await makeUploadDir(tmpRoot);
  const guards = new Map<object, GuardedFile>();
  const cleanup = async () => {
    await Promise.all([...guards.values()].map((guard) => guard.fileClosed));
    await fs.rm(dir, { recursive: true, force: true });
  };
  const source = bodyToNodeStream(request.body);
  // A refused file stops the upload at once: the rest of the body is not read.
  let refusal: Error | null = null;
  const refuse = (error: Error) => {
    refusal ??= error;
    source.destroy(error);
  };
  // Any other failure of the request body means the client went away: a 400, not a server fault.
  let clientFailed = false;
  source.once("error", () => (clientFailed = refusal === null));
  try {
    const form = createForm(rules, dir, guards, refuse);
    const [fields, files] = await form.parse(
      Object.assign(source, { headers: formHeaders(request.headers) }) as never,
    );
    if (refusal) throw refusal;
    if (!sawCloseDelimiter(form)) throw new UploadError(400, messages.invalidForm);
    const uploaded = await checkFiles(files, guards);
    return { fields: fields as Record<string, string[]>, files: uploaded, cleanup };
  } catch (error) {
    source.destroy();
    await cleanup();
    if (refusal) throw refusal;
    if (clientFailed) throw new UploadError(400, messages.invalidForm);
    throw toUploadError(error);
  }
}

/**
 * A new folder for one request's files under `tmpRoot`, which is made only when missing (the first
 * upload, or after someone removed it): one file-system call on every other upload, each of which
 * is time before the body is read (docs/media.md#before-and-after-the-body).
 */
async function makeUploadDir(tmpRoot: string): Promise<string> {
  const prefix = path.join(/* turbopackIgnore: true */ tmpRoot, "upload-");
  try {
    return await fs.mkdtemp(prefix);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await fs.mkdir(tmpRoot, { recursive: true });
    return fs.mkdtemp(prefix);
  }
}

/** A formidable form enforcing each file field's rule while its bytes arrive. */
function createForm(
  rules: Record<string, FileRule>,
  dir: string,
  guards: Map<object, GuardedFile>,
  refuse: (error: Error) => void,
) {
  const ruleList = Object.values(rules);
  const counts = new Map<string, number>();
  const fieldOf = new WeakMap<object, string>();
  const form = formidable({
    // Multipart only: the route checked the content type.
    enabledPlugins: [multipart],
    uploadDir: dir,
    maxFields: MAX_FIELDS,
    maxFieldsSize: MAX_FIELDS_BYTES,
    maxFiles: ruleList.reduce((sum, rule) => sum + rule.maxCount, 0) + 1,
    maxFileSize: Math.max(0, ...ruleList.map((rule) => rule.maxBytes)) + 1,
    // Per-file guards refuse first, with the file's name; this only bounds the whole request.
    maxTotalFileSize: ruleList.reduce((sum, rule) => sum + rule.maxBytes * rule.maxCount, 0) + 1,
    allowEmptyFiles: true,
    minFileSize: 0,
    fileWriteStreamHandler: (volatile) => {
      const file = volatile as unknown as formidable.File;
      const meta = { filepath: file.filepath, originalFilename: file.originalFilename };
      const field = fieldOf.get(file) ?? "";
      const name = meta.originalFilename || field;
      const rule = rules[field];
      const count = (counts.get(field) ?? 0) + 1;
      counts.set(field, count);
      let refusal: UploadError | undefined;
      if (!rule) refusal = new UploadError(400, `Unexpected file field: ${field}`);
      else if (count > rule.maxCount) {
        refusal = new UploadError(
          400,
          rule.kind === "image" && rule.maxCount > 1 ? tooManyImages(name) : messages.invalidForm,
        );
      }
      const guard = new GuardedFile(meta.filepath, rule ?? NO_FILES, name, refusal, refuse);
      guards.set(file, guard);
      return guard;
    },
  });
  form.on("fileBegin", (field, file) => fieldOf.set(file, field));
  return form;
}

/** The request's headers as formidable reads them from a Node request. */
function formHeaders(headers: Headers): Record<string, string> {
  const headerObject: Record<string, string> = Object.fromEntries(headers);
  // Without a length formidable assumes an empty body; a streamed body is chunked.
  if (!headerObject["content-length"]) headerObject["transfer-encoding"] ??= "chunked";
  return headerObject;
}

/**
 * Whether the body ended with its close delimiter (`--boundary--`). formidable's multipart parser
 * ends a body cut just before that final `--`, or just after a part's opening delimiter, as if it
 * were complete (MultipartParser._flush); only a parser in its END state read the close delimiter.
 * No scan of the body besides the parser's: reading its state costs nothing on a 50 MB upload.
 */
function sawCloseDelimiter(form: ReturnType<typeof formidable>): boolean {
  const { state, end } = formidableParserState(form);
  return state === end;
}

/**
 * formidable's private parser state (`_parser.state`, `MultipartParser.STATES.END`; formidable
 * 3.5). parse.test.ts pins it, and a formidable release without it fails every upload with this
 * error instead of quietly refusing or accepting bodies.
 */
export function formidableParserState(form: ReturnType<typeof formidable>): {
  state: number;
  end: number;
} {
  type Parser = { state?: unknown; constructor: { STATES?: { END?: unknown } } };
  const parser = (form as unknown as { _parser?: Parser })._parser;
  const state = parser?.state;
  const end = parser?.constructor.STATES?.END;
  if (typeof state !== "number" || typeof end !== "number") {
    throw new Error(
      "formidable no longer exposes _parser.state and MultipartParser.STATES.END: " +
        "lib/uploads/parse.ts cannot tell a complete multipart body from a cut one",
    );
  }
  return { state, end };
}

async function checkFiles(
  files: formidable.Files,
  guards: Map<object, GuardedFile>,
): Promise<Record<string, UploadedFile[]>> {
  const result: Record<string, UploadedFile[]> = {};
  // formidable lists files as they finish writing; keep the order the client sent them in.
  const begun = [...guards.keys()];
  for (const [field, list] of Object.entries(files)) {
    const ordered = [...(list ?? [])].sort((a, b) => begun.indexOf(a) - begun.indexOf(b));
    for (const file of ordered) {
      const guard = guards.get(file);
      const name = file.originalFilename || field;
      // A form's empty file input arrives as a nameless empty part: nothing was chosen.
      if (!guard || (guard.bytes === 0 && !file.originalFilename)) continue;
      if (!guard.contentType) throw new UploadError(415, wrongTypeMessage(guard.rule, name));
      const upload: UploadedFile = {
        field,
        name,
        path: file.filepath,
        size: guard.bytes,
        contentType: guard.contentType,
        kind: guard.contentType.startsWith("image/") ? "image" : "video",
        width: null,
        height: null,
        placeholder: null,
      };
      if (upload.kind === "image") {
        Object.assign(upload, await measureImage(upload.path, upload.name));
        // From the bytes on local disk, so a Cloudinary upload gets one too.
        upload.placeholder = await makePlaceholder(upload.path);
      }
      (result[field] ??= []).push(upload);
    }
  }
  return result;
}

function toUploadError(error: unknown): Error {
  if (error instanceof UploadError) return error;
  const code = (error as { code?: number }).code;
  if (code === formidableErrors.maxFilesExceeded) return new UploadError(400, messages.invalidForm);
  // More text than a form's fields can hold: too large, not malformed.
  if (code === formidableErrors.maxFieldsSizeExceeded) return new UploadError(413, TOO_LARGE);
  if (
    code === formidableErrors.biggerThanTotalMaxFileSize ||
    code === formidableErrors.biggerThanMaxFileSize
  ) {
    return new UploadError(413, "Upload too large");
  }
  // Malformed bodies and aborted uploads are the client's doing, not a server fault.
  if (typeof code === "number" || (error as { name?: string }).name === "AbortError") {
    return new UploadError(400, messages.invalidForm);
  }
  return error as Error;
}
