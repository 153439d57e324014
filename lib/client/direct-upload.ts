import { directUploadMessages, type DirectUploadKind } from "@/lib/validation/direct-uploads";
import { PLACEHOLDER_MAX_SIDE } from "@/lib/validation/uploads";
import { sendRequest, toPercent, type Outcome } from "./request";

/**
 * Direct uploads (docs/api.md#direct-uploads): when the site stores media on
 * Cloudinary, each picked file goes from the browser straight to Cloudinary under a signature
 * from POST /api/uploads/sign, and the project or section form then carries upload references
 * (JSON text in the file's own field) instead of the bytes. Without Cloudinary the sign endpoint
 * answers 404 and the forms send the files as before.
 */

/** The sign endpoint's answer (lib/uploads/direct.ts `SignedUpload`). */
export type SignedUpload = {
  uploadUrl: string;
  params: Record<string, string | number>;
  maxBytes: number;
  expiresAt: number;
};

/** What Cloudinary answers to an upload (the fields a reference needs). */
type CloudinaryAnswer = { public_id?: unknown; version?: unknown; signature?: unknown };

/** The two kinds of request a direct upload makes; tests replace them (Node has no XHR). */
export type DirectTransport = {
  sign(body: {
    kind: DirectUploadKind;
    size: number;
    type: string;
    name: string;
  }): Promise<Outcome<SignedUpload>>;
  /** POSTs the multipart form to Cloudinary: its status and answer text, null on network failure. */
  upload(
    url: string,
    form: FormData,
    onProgress: (loaded: number) => void,
  ): Promise<{ status: number; text: string } | null>;
  /**
   * A tiny preview of a picked image as a data URL, for its blur-up placeholder: the server never
   * sees a direct upload's bytes, so it makes the placeholder from this (re-encoded with sharp).
   * Null when the browser cannot decode the file; the image is then saved without one.
   */
  preview?(file: File): Promise<string | null>;
};

/** Draws the image at most PLACEHOLDER_MAX_SIDE pixels on its long side, as WebP (PNG if not). */
async function browserPreview(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  const scale = PLACEHOLDER_MAX_SIDE / Math.max(bitmap.width, bitmap.height, 1);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * Math.min(1, scale)));
  canvas.height = Math.max(1, Math.round(bitmap.height * Math.min(1, scale)));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const webp = canvas.toDataURL("image/webp", 0.5);
  return webp.startsWith("data:image/webp") ? webp : canvas.toDataURL("image/png");
}

export const browserTransport: DirectTransport = {
  sign: (body) => sendRequest<SignedUpload>("/api/uploads/sign", { method: "POST", body }),
  upload: (url, form, onProgress) =>
    new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
      xhr.send(form);
    }),
  preview: browserPreview,
};

export type DirectFile = { file: File; kind: DirectUploadKind };

export type DirectResult =
  /** The site does not take direct uploads (no Cloudinary): send the files as before. */
  | { kind: "unavailable" }
  /** One reference (JSON text for the file's form field) per file, in order. */
  | { kind: "ok"; references: string[] }
  | { kind: "failed"; message: string };

/** Set once the sign endpoint said 404: later saves send files without asking again. */
let unavailable = false;

/**
 * Uploads `files` straight to Cloudinary, one after another, reporting 0–100 over all their bytes.
 * A refusal of the sign endpoint (the multipart rules: type, size) or of Cloudinary fails the
 * whole set with the message to show.
 */
export async function uploadDirect(
  files: readonly DirectFile[],
  onProgress?: (percent: number) => void,
  transport: DirectTransport = browserTransport,
): Promise<DirectResult> {
  if (files.length === 0 || unavailable) return { kind: "unavailable" };
  const total = files.reduce((sum, { file }) => sum + file.size, 0);
  let done = 0;
  const references: string[] = [];
  for (const { file, kind } of files) {
    const name = file.name || kind;
    const signed = await transport.sign({ kind, size: file.size, type: file.type, name });
    if (signed.kind === "http-error" && signed.status === 404 && references.length === 0) {
      unavailable = true;
      return { kind: "unavailable" };
    }
    if (signed.kind !== "ok" || !signed.body.data) {
      const message = signed.kind === "network-error" ? "" : signed.body?.message;
      return { kind: "failed", message: message || directUploadMessages.uploadFailed };
    }
    const { uploadUrl, params } = signed.body.data;
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) form.append(key, String(value));
    form.append("file", file);
    const answer = await transport.upload(uploadUrl, form, (loaded) =>
      onProgress?.(toPercent(done + Math.min(loaded, file.size), total)),
    );
    const preview =
      file.type.startsWith("image/") && transport.preview
        ? await transport.preview(file).catch(() => null)
        : null;
    const reference =
      answer && answer.status === 200 ? toReference(answer.text, name, preview) : null;
    if (!reference) return { kind: "failed", message: directUploadMessages.uploadFailed };
    done += file.size;
    onProgress?.(toPercent(done, total));
    references.push(reference);
  }
  return { kind: "ok", references };
}

/**
 * The reference the API takes: Cloudinary's public id, version and response signature, and for an
 * image the browser's preview of it.
 */
function toReference(text: string, name: string, preview: string | null): string | null {
  let answer: CloudinaryAnswer;
  try {
    answer = JSON.parse(text) as CloudinaryAnswer;
  } catch {
    return null;
  }
  const { public_id, version, signature } = answer;
  if (typeof public_id !== "string" || typeof signature !== "string") return null;
  if (typeof version !== "number" && typeof version !== "string") return null;
  return JSON.stringify({ public_id, version, signature, name, ...(preview ? { preview } : {}) });
}

/** For tests: forget that the endpoint said 404. */
export function resetDirectUploads(): void {
  unavailable = false;
}
