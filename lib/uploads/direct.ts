import "server-only";
import { env } from "@/lib/env";
import {
  cloudinaryVideoMeta,
  createCloudinaryStorage,
  parseCloudinaryUrl,
  type CloudinaryConfig,
} from "@/lib/storage/cloudinary";
import {
  makeUploadToken,
  readUploadToken,
  signParams,
  verifyResponseSignature,
} from "@/lib/storage/direct-token";
import type { StoredMedia } from "@/lib/storage/types";
import {
  allowedFormats,
  directUploadMessages,
  directUploadRules,
  REFERENCE_TTL_SECONDS,
  UPLOAD_WINDOW_SECONDS,
  type DirectUploadKind,
  type SignRequest,
  type UploadReference,
} from "@/lib/validation/direct-uploads";
import { fileTooLarge, invalidFileType } from "@/lib/validation/messages";
import { MAX_IMAGE_PIXELS } from "@/lib/validation/uploads";
import { UploadError } from "./errors";

/**
 * Direct uploads to Cloudinary: signing an upload the browser sends straight to
 * Cloudinary, and turning the reference it brings back into stored media after checking it the
 * way a multipart upload is checked. No media bytes pass through this server.
 */

const DEFAULT_API = "https://api.cloudinary.com";

/** The Cloudinary configuration direct uploads use; null without CLOUDINARY_URL. */
export function directUploadConfig(): CloudinaryConfig | null {
  const config = env();
  return config.CLOUDINARY_URL
    ? parseCloudinaryUrl(config.CLOUDINARY_URL, config.CLOUDINARY_FOLDER)
    : null;
}

const resourceTypeOf = (kind: DirectUploadKind) => (kind === "video" ? "video" : "image");

export type SignedUpload = {
  /** Where the browser POSTs the file (multipart, the file as `file`, with `params`). */
  uploadUrl: string;
  cloudName: string;
  apiKey: string;
  resourceType: "image" | "video";
  /** The signed parameters, sent as they are, plus `signature` and `api_key`. */
  params: {
    timestamp: number;
    folder: string;
    public_id: string;
    allowed_formats: string;
    signature: string;
    api_key: string;
  };
  /** The rule's size limit: Cloudinary's upload API has no such parameter; it is checked after. */
  maxBytes: number;
  /** Seconds since 1970 by which Cloudinary must have stored the upload. */
  expiresAt: number;
};

/** Signs one upload of `request.kind` (already checked by checkSignRequest). */
export function signDirectUpload(
  config: CloudinaryConfig,
  request: SignRequest,
  now = Math.floor(Date.now() / 1000),
): SignedUpload {
  const rule = directUploadRules[request.kind];
  const resourceType = resourceTypeOf(request.kind);
  const signed = {
    timestamp: now,
    folder: config.folder,
    public_id: makeUploadToken(config.apiSecret, config.folder, request.kind, now),
    allowed_formats: allowedFormats(rule).join(","),
  };
  const base = (config.uploadPrefix ?? DEFAULT_API).replace(/\/+$/, "");
  return {
    uploadUrl: `${base}/v1_1/${encodeURIComponent(config.cloudName)}/${resourceType}/upload`,
    cloudName: config.cloudName,
    apiKey: config.apiKey,
    resourceType,
    params: {
      ...signed,
      signature: signParams(signed, config.apiSecret),
      api_key: config.apiKey,
    },
    maxBytes: rule.maxBytes,
    expiresAt: now + UPLOAD_WINDOW_SECONDS,
  };
}

/** What the Admin API says about a stored resource (the fields the checks read). */
type Resource = {
  public_id: string;
  version: number;
  resource_type: string;
  format?: string;
  bytes: number;
  width?: number;
  height?: number;
  /** Frames of an animated GIF. */
  pages?: number;
  /** A video's, read into its `videoMeta` (cloudinaryVideoMeta). */
  duration?: number;
  frame_rate?: number;
  secure_url: string;
  created_at?: string;
};

/** GET /resources/<type>/upload/<public id> of Cloudinary's Admin API; null when not found. */
async function fetchResource(
  config: CloudinaryConfig,
  resourceType: "image" | "video",
  publicId: string,
): Promise<Resource | null> {
  const base = (config.uploadPrefix ?? DEFAULT_API).replace(/\/+$/, "");
  const url =
    `${base}/v1_1/${encodeURIComponent(config.cloudName)}/resources/${resourceType}/upload/` +
    publicId.split("/").map(encodeURIComponent).join("/");
  const auth = Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString("base64");
  const response = await fetch(url, {
    headers: { authorization: `Basic ${auth}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 404) return null;
  if (!response.ok) {
    throw new Error(`Cloudinary Admin API answered ${response.status} for ${publicId}`);
  }
  return (await response.json()) as Resource;
}

type ResolveOptions = {
  /** Whether a media key is already saved in a project or section. */
  inUse: (key: string) => Promise<boolean>;
  /** Seconds since 1970. */
  now?: number;
};

/** The storage key of an upload this site signed (`cloudinary:<type>:<public id>`), else null. */
export function directUploadKey(
  config: CloudinaryConfig,
  reference: Pick<UploadReference, "public_id">,
): string | null {
  const token = readUploadToken(config.apiSecret, config.folder, reference.public_id);
  return token ? `cloudinary:${resourceTypeOf(token.kind)}:${reference.public_id}` : null;
}

/**
 * The stored media a reference names, after every check a multipart upload gets: the public id
 * was chosen by this site's sign endpoint (HMAC) for this field's kind, inside its folder; the
 * response signature is Cloudinary's; the upload was stored within the signature's window and is
 * saved within the reference's lifetime; and Cloudinary's own record of it (Admin API, not the
 * browser's word) has an accepted format, size and pixel count (docs/spec.md §5). A refused upload
 * of this site's is destroyed, so nothing is left behind; a foreign public id is never touched.
 */
export async function resolveDirectUpload(
  config: CloudinaryConfig,
  reference: UploadReference,
  kind: DirectUploadKind,
  { inUse, now = Math.floor(Date.now() / 1000) }: ResolveOptions,
): Promise<StoredMedia> {
  const key = directUploadKey(config, reference);
  // Not this site's (another folder, another site, made up): refused and left alone.
  if (!key) throw new UploadError(403, directUploadMessages.foreignUpload);
  // Saved already: a second row would share (and on delete, lose) the file. Refused, kept.
  if (await inUse(key)) throw new UploadError(400, directUploadMessages.invalidReference);
  const token = readUploadToken(config.apiSecret, config.folder, reference.public_id)!;
  const resourceType = resourceTypeOf(token.kind);
  const name = reference.name ?? reference.public_id;
  const refuse = async (error: UploadError): Promise<never> => {
    await createCloudinaryStorage(config)
      .delete(key)
      .catch((cause: unknown) => {
        console.error(`Could not destroy refused upload ${reference.public_id}:`, cause);
      });
    throw error;
  };
  if (token.kind !== kind) {
    return refuse(new UploadError(400, directUploadMessages.invalidReference));
  }
  if (
    !verifyResponseSignature(
      reference.public_id,
      reference.version,
      reference.signature,
      config.apiSecret,
    )
  ) {
    return refuse(new UploadError(400, directUploadMessages.invalidReference));
  }
  if (now > token.issuedAt + REFERENCE_TTL_SECONDS) {
    return refuse(new UploadError(400, directUploadMessages.expiredUpload));
  }
  const resource = await fetchResource(config, resourceType, reference.public_id);
  if (!resource) throw new UploadError(400, directUploadMessages.missingUpload(name));
  const storedAt = resource.created_at ? Date.parse(resource.created_at) / 1000 : NaN;
  if (!(storedAt <= token.issuedAt + UPLOAD_WINDOW_SECONDS)) {
    return refuse(new UploadError(400, directUploadMessages.expiredUpload));
  }
  if (String(resource.version) !== String(reference.version)) {
    return refuse(new UploadError(400, directUploadMessages.invalidReference));
  }
  const rule = directUploadRules[kind];
  if (
    resource.resource_type !== resourceType ||
    !resource.format ||
    !allowedFormats(rule).includes(resource.format.toLowerCase())
  ) {
    return refuse(new UploadError(415, invalidFileType(name)));
  }
  if (!(resource.bytes <= rule.maxBytes)) return refuse(new UploadError(413, fileTooLarge(name)));
  let width: number | null = null;
  let height: number | null = null;
  if (resourceType === "image") {
    width = resource.width ?? 0;
    height = resource.height ?? 0;
    if (!width || !height) return refuse(new UploadError(415, invalidFileType(name)));
    if (width * height * (resource.pages ?? 1) > MAX_IMAGE_PIXELS)
      return refuse(new UploadError(413, fileTooLarge(name)));
  }
  if (resourceType === "video")
    return { key, url: resource.secure_url, width, height, video: cloudinaryVideoMeta(resource) };
  return { key, url: resource.secure_url, width, height };
}

/** Past the hour a reference may be saved in, with room for a save that is committing. */
const ABANDONED_AFTER_SECONDS = REFERENCE_TTL_SECONDS + 10 * 60;
const SWEEP_MAX_PAGES = 20;

/**
 * Destroys the direct uploads that were never saved (the browser went away between upload and
 * save): every asset in the folder whose public id this site sealed more than 70 minutes ago (so
 * no reference to it can be accepted any more) and that no project or section references. Lists
 * the folder through the Admin API (`GET /resources/<type>/upload?prefix=<folder>/d-`); returns
 * the public ids destroyed. Safe to run on several servers at once.
 */
export async function sweepAbandonedDirectUploads(
  config: CloudinaryConfig,
  { inUse, now = Math.floor(Date.now() / 1000) }: ResolveOptions,
): Promise<string[]> {
  const base = (config.uploadPrefix ?? DEFAULT_API).replace(/\/+$/, "");
  const auth = Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString("base64");
  const storage = createCloudinaryStorage(config);
  const destroyed: string[] = [];
  for (const resourceType of ["image", "video"] as const) {
    let cursor: string | undefined;
    for (let page = 0; page < SWEEP_MAX_PAGES; page++) {
      const query = new URLSearchParams({ prefix: `${config.folder}/d-`, max_results: "500" });
      if (cursor) query.set("next_cursor", cursor);
      const url = `${base}/v1_1/${encodeURIComponent(config.cloudName)}/resources/${resourceType}/upload?${query}`;
      const response = await fetch(url, {
        headers: { authorization: `Basic ${auth}` },
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`Cloudinary Admin API answered ${response.status}`);
      const list = (await response.json()) as {
        resources?: { public_id: string }[];
        next_cursor?: string;
      };
      for (const { public_id: publicId } of list.resources ?? []) {
        const token = readUploadToken(config.apiSecret, config.folder, publicId);
        if (!token || resourceTypeOf(token.kind) !== resourceType) continue;
        if (now < token.issuedAt + ABANDONED_AFTER_SECONDS) continue;
        const key = `cloudinary:${resourceType}:${publicId}`;
        if (await inUse(key)) continue;
        await storage.delete(key);
        destroyed.push(publicId);
      }
      cursor = list.next_cursor;
      if (!cursor) break;
    }
  }
  return destroyed;
}
