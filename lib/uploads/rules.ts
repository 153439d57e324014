import type { MediaKind, MediaType } from "@/lib/storage/types";

export const MB = 1024 * 1024;

/** What one multipart file field may carry (spec §5, §9). */
export type FileRule = {
  kind: MediaKind;
  types: readonly MediaType[];
  maxBytes: number;
  maxCount: number;
};

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

export const MAX_IMAGES = 5;

/** Section images: jpeg, png or gif by their bytes, at most 5 MB each, at most 5 per section. */
export const sectionImageRule: FileRule = {
  kind: "image",
  types: IMAGE_TYPES,
  maxBytes: 5 * MB,
  maxCount: MAX_IMAGES,
};

/** A project cover follows the section image rules, one file. */
export const coverRule: FileRule = { ...sectionImageRule, maxCount: 1 };

/** Section video: mp4 only, at most 50 MB. */
export const videoRule: FileRule = {
  kind: "video",
  types: ["video/mp4"],
  maxBytes: 50 * MB,
  maxCount: 1,
};

/**
 * Decoded size limit for images. A 5 MB file can still expand to gigabytes of pixels (a
 * "decompression bomb"); 50 megapixels is above any camera or 8K frame a portfolio needs.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
