import {
  coverVideoNotMp4,
  coverVideoTooLarge,
  fileTooLarge,
  invalidFileType,
  tooManyImages,
} from "./messages";

/**
 * The upload rules of docs/spec.md §5/§9, one set for both sides: the API enforces them on the bytes
 * (lib/uploads), the owner forms check them in the browser first, on the type the browser
 * reports, so the owner sees the same refusal at once.
 */
export const MB = 1024 * 1024;

/** The media types the product accepts, with the extension a stored file gets. */
export const MEDIA_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "video/mp4": "mp4",
  // Video masters, taken by resumable uploads only (lib/validation/resumable-uploads.ts).
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/x-matroska": "mkv",
} as const;

export type MediaType = keyof typeof MEDIA_TYPES;
export type MediaKind = "image" | "video";

/** What one multipart file field may carry. */
export type FileRule = {
  kind: MediaKind;
  types: readonly MediaType[];
  maxBytes: number;
  maxCount: number;
  /** The refusals' wording when a field needs its own; else 'File too large' / 'Invalid file type'. */
  tooLarge?: (name: string) => string;
  wrongType?: (name: string) => string;
};

export const MAX_IMAGES = 5;

/** Section images: jpeg, png or gif by their bytes, at most 5 MB each, at most 5 per section. */
export const sectionImageRule: FileRule = {
  kind: "image",
  types: ["image/jpeg", "image/png", "image/gif"],
  maxBytes: 5 * MB,
  maxCount: MAX_IMAGES,
};

/** A project cover (and the owner's portrait) follows the section image rules, one file. */
export const coverRule: FileRule = { ...sectionImageRule, maxCount: 1 };

/**
 * A video's poster: an image under the same rules as a cover, whether the owner
 * uploaded it or the form captured it from a frame of the video.
 */
export const posterRule: FileRule = coverRule;

/** Section video: mp4 only, at most 50 MB. */
export const videoRule: FileRule = {
  kind: "video",
  types: ["video/mp4"],
  maxBytes: 50 * MB,
  maxCount: 1,
};

/**
 * A project's cover loop (docs/spec.md §5): a short muted mp4 shown over the cover
 * still, at most 10 MB; over the limit 413, not an mp4 by its bytes 415.
 */
export const coverVideoRule: FileRule = {
  kind: "video",
  types: ["video/mp4"],
  maxBytes: 10 * MB,
  maxCount: 1,
  tooLarge: coverVideoTooLarge,
  wrongType: coverVideoNotMp4,
};

/** The 'File too large' refusal of a rule, in its own wording when it has one. */
export function tooLargeMessage(rule: FileRule, name: string): string {
  return (rule.tooLarge ?? fileTooLarge)(name);
}

/** The 'Invalid file type' refusal of a rule, in its own wording when it has one. */
export function wrongTypeMessage(rule: FileRule, name: string): string {
  return (rule.wrongType ?? invalidFileType)(name);
}

/**
 * Decoded size limit for images. A 5 MB file can still expand to gigabytes of pixels (a
 * "decompression bomb"); 50 megapixels is above any camera or 8K frame a portfolio needs.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * The blur-up placeholder stored with every image: its long side in pixels and
 * its WebP quality. Inlined in the HTML, so it is kept tiny (about 100–250 bytes as a data URL).
 */
export const PLACEHOLDER_MAX_SIDE = 16;
export const PLACEHOLDER_QUALITY = 40;
/** A transparent image's alpha plane costs most of its bytes: a coarse one is enough for a blur. */
export const PLACEHOLDER_ALPHA_QUALITY = 30;

/** Some browsers report JPEG files as image/jpg; the server decides on the bytes anyway. */
const BROWSER_ALIASES: Record<string, MediaType> = { "image/jpg": "image/jpeg" };

/** What a file picker offers for a rule; the checks below are what counts. */
export function acceptOf(rule: FileRule): string {
  const aliases = Object.keys(BROWSER_ALIASES).filter((alias) =>
    rule.types.includes(BROWSER_ALIASES[alias]!),
  );
  return [...rule.types, ...aliases].join(",");
}

/** The part of a File the rules look at (so they can be tested without a browser). */
export type FileLike = { name: string; size: number; type: string };

/** 'Invalid file type: {name}' or 'File too large: {name}' for a file a rule refuses, else null. */
export function checkFile(file: FileLike, rule: FileRule): string | null {
  const type = file.type.toLowerCase();
  const mediaType = BROWSER_ALIASES[type] ?? type;
  if (!(rule.types as readonly string[]).includes(mediaType))
    return wrongTypeMessage(rule, file.name);
  if (file.size > rule.maxBytes) return tooLargeMessage(rule, file.name);
  return null;
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
    const error = checkFile(file, sectionImageRule);
    if (error) errors.push(error);
    else if (alreadyKept + accepted.length >= MAX_IMAGES) errors.push(tooManyImages(file.name));
    else accepted.push(file);
  }
  return { accepted, errors };
}
