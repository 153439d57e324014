import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DirectUploadKind } from "@/lib/validation/direct-uploads";

/**
 * The public ids the sign endpoint chooses for direct uploads: the kind, the
 * signing time and a random part, sealed with an HMAC under the Cloudinary API secret, so the API
 * can tell an upload this site signed from any other asset in the account, and when it was signed,
 * without keeping a record of it. Pure functions (no server-only import) so tests can make one.
 *
 *   <folder>/d-<kind letter><issued at, base 36>-<20 hex random>-<24 hex HMAC>
 */
const KIND_LETTERS: Record<DirectUploadKind, string> = {
  image: "i",
  video: "v",
  poster: "p",
  cover: "c",
};

function seal(secret: string, folder: string, body: string): string {
  return createHmac("sha256", secret)
    .update(`direct-upload\n${folder}\n${body}`)
    .digest("hex")
    .slice(0, 24);
}

/** A fresh token (the part after the folder) for an upload of `kind` signed at `issuedAt` (s). */
export function makeUploadToken(
  secret: string,
  folder: string,
  kind: DirectUploadKind,
  issuedAt: number,
): string {
  const body = `d-${KIND_LETTERS[kind]}${issuedAt.toString(36)}-${randomBytes(10).toString("hex")}`;
  return `${body}-${seal(secret, folder, body)}`;
}

export type UploadToken = { kind: DirectUploadKind; issuedAt: number };

/** The kind and signing time of a public id this site's sign endpoint chose, else null. */
export function readUploadToken(
  secret: string,
  folder: string,
  publicId: string,
): UploadToken | null {
  if (!publicId.startsWith(`${folder}/`)) return null;
  const token = publicId.slice(folder.length + 1);
  const match = /^(d-([ivpc])([0-9a-z]{1,11})-[0-9a-f]{20})-([0-9a-f]{24})$/.exec(token);
  if (!match) return null;
  const [, body, letter, issued, mac] = match;
  const expected = Buffer.from(seal(secret, folder, body!));
  if (!timingSafeEqual(expected, Buffer.from(mac!))) return null;
  const kind = (Object.keys(KIND_LETTERS) as DirectUploadKind[]).find(
    (name) => KIND_LETTERS[name] === letter,
  )!;
  return { kind, issuedAt: parseInt(issued!, 36) };
}

/**
 * Cloudinary's request signature: the parameters sorted by name as `k=v` joined with `&`, then
 * the API secret, hashed with SHA-1 (parameters with empty values are left out).
 */
export function signParams(params: Record<string, string | number>, secret: string): string {
  const toSign = Object.entries(params)
    .filter(([, value]) => value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  return createHash("sha1")
    .update(toSign + secret)
    .digest("hex");
}

/** Cloudinary's upload-response signature: SHA-1 of `public_id=…&version=…` and the API secret. */
export function responseSignature(publicId: string, version: string | number, secret: string) {
  return signParams({ public_id: publicId, version }, secret);
}

/** Whether a response signature a client passed on is Cloudinary's, compared in constant time. */
export function verifyResponseSignature(
  publicId: string,
  version: string | number,
  signature: string,
  secret: string,
): boolean {
  const expected = Buffer.from(responseSignature(publicId, version, secret));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
