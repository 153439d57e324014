import { fileTooLarge, invalidFileType, tooManyImages } from "./messages";

/**
 * The upload rules of spec §5/§9, checked in the browser before anything is sent so the owner
 * sees the error at once. The server checks them again on the bytes themselves.
 */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/jpg"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;
export const VIDEO_TYPES = ["video/mp4"] as const;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** What the file pickers offer; the checks below are what counts. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
export const VIDEO_ACCEPT = "video/mp4";

/** The part of a File the rules look at (so they can be tested without a browser). */
export type FileLike = { name: string; size: number; type: string };

function checkFile(file: FileLike, types: readonly string[], maxBytes: number): string | null {
  if (!types.includes(file.type.toLowerCase())) return invalidFileType(file.name);
  if (file.size > maxBytes) return fileTooLarge(file.name);
  return null;
}

/** 'Invalid file type: {name}' or 'File too large: {name}' for a section image, else null. */
export function checkImageFile(file: FileLike): string | null {
  return checkFile(file, IMAGE_TYPES, MAX_IMAGE_BYTES);
}

/** The same rules for a section video: mp4 only, at most 50 MB. */
export function checkVideoFile(file: FileLike): string | null {
  return checkFile(file, VIDEO_TYPES, MAX_VIDEO_BYTES);
}

/**
 * Splits newly picked images into the ones that can be added and one error per refused file,
 * given how many images the section already keeps.
 */
export function selectImages<F extends FileLike>(
  picked: readonly F[],
  alreadyKept: number,
): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    const error = checkImageFile(file);
    if (error) errors.push(error);
    else if (alreadyKept + accepted.length >= MAX_IMAGES) errors.push(tooManyImages(file.name));
    else accepted.push(file);
  }
  return { accepted, errors };
}
