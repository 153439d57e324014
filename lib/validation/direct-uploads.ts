import { z } from "zod";
import { invalidFileType, messages } from "./messages";
import {
  checkFile,
  coverRule,
  posterRule,
  sectionImageRule,
  videoRule,
  type FileRule,
  MEDIA_TYPES,
} from "./uploads";

/**
 * Direct uploads to Cloudinary (docs/spec.md §5): the browser asks
 * POST /api/uploads/sign for a short-lived signature, uploads the file straight to Cloudinary, then
 * sends the project or section form with a reference to the upload in place of the file. The same
 * file rules as multipart uploads hold, checked on the browser's claim before signing and again on
 * what Cloudinary stored.
 */

/** What an upload is for; each kind follows the rule of the form field it replaces. */
export const DIRECT_UPLOAD_KINDS = ["image", "video", "poster", "cover"] as const;
export type DirectUploadKind = (typeof DIRECT_UPLOAD_KINDS)[number];

export const directUploadRules: Record<DirectUploadKind, FileRule> = {
  image: sectionImageRule,
  video: videoRule,
  poster: posterRule,
  cover: coverRule,
};

/** Cloudinary's format names (its `allowed_formats` and `format`): the stored files' extensions. */
export function allowedFormats(rule: FileRule): string[] {
  return rule.types.map((type) => MEDIA_TYPES[type]);
}

/**
 * A signature is short-lived: Cloudinary must have stored the upload within 15 minutes of signing
 * (its own check on the signed timestamp allows an hour), which leaves a 50 MB video about 0.5 Mbit/s.
 */
export const UPLOAD_WINDOW_SECONDS = 15 * 60;
/** An upload must be saved into a project or section within an hour of its signature. */
export const REFERENCE_TTL_SECONDS = 60 * 60;

export const directUploadMessages = {
  signed: "Upload signed",
  notAvailable: "Direct uploads need Cloudinary storage (CLOUDINARY_URL)",
  invalidReference: "Invalid upload reference",
  foreignUpload: "This upload was not signed by this site",
  expiredUpload: "This upload's signature has expired. Please upload the file again.",
  missingUpload: (name: string) => `Upload not found on Cloudinary: ${name}`,
  mixedField: "Send either files or upload references in one field, not both",
  /** The browser's upload to Cloudinary failed or was refused. */
  uploadFailed: "Upload failed. Please try again.",
} as const;

const nameSchema = z.string().trim().min(1).max(255);

/** The body of POST /api/uploads/sign. */
export const signRequestSchema = z.object({
  kind: z.enum(DIRECT_UPLOAD_KINDS),
  size: z.number().int().nonnegative(),
  type: z.string().max(100),
  name: nameSchema.optional(),
});
export type SignRequest = z.infer<typeof signRequestSchema>;

/**
 * A sign request the multipart rules would refuse, as the multipart upload would answer it:
 * 415 for a type, 413 for a size (docs/spec.md §5), or 400 for a malformed body; else null.
 */
export function checkSignRequest(
  body: unknown,
): { ok: true; value: SignRequest } | { ok: false; status: 400 | 413 | 415; message: string } {
  const parsed = signRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: messages.invalidForm };
  const { kind, size, type, name = "file" } = parsed.data;
  const problem = checkFile({ name, size, type }, directUploadRules[kind]);
  if (problem) {
    const status = problem === invalidFileType(name) ? 415 : 413;
    return { ok: false, status, message: problem };
  }
  return { ok: true, value: parsed.data };
}

/** A 16-pixel preview is a few hundred characters as WebP, about a kilobyte as PNG. */
export const PREVIEW_MAX_CHARS = 4000;

/**
 * What the browser sends in a form field in place of a file: Cloudinary's answer to the upload
 * (its public id, version and response signature) and the file's name, for messages only.
 */
export const uploadReferenceSchema = z.object({
  public_id: z.string().min(1).max(255),
  version: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  signature: z.string().regex(/^[0-9a-f]{40}$/i),
  name: nameSchema.optional(),
  /**
   * For an image, the browser's tiny preview of it (lib/client/direct-upload.ts), from which the
   * server makes its blur-up placeholder: a base64 image data URL of at most PREVIEW_MAX_CHARS.
   */
  preview: z
    .string()
    .max(PREVIEW_MAX_CHARS)
    .regex(/^data:image\/(?:webp|png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/)
    .optional(),
});
export type UploadReference = z.infer<typeof uploadReferenceSchema>;

/** A form field's text value as an upload reference; null when it is not one. */
export function parseUploadReference(text: string): UploadReference | null {
  if (!text.trimStart().startsWith("{") || text.length > 2000 + PREVIEW_MAX_CHARS) return null;
  try {
    const parsed = uploadReferenceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
