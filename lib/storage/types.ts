import type { MediaKind, MediaType } from "@/lib/validation/uploads";
import type { VideoMeta } from "@/models";

/**
 * The media storage contract shared by the local-disk and Cloudinary adapters.
 *
 * `put` takes a file that is already on local disk (an upload's temporary file, or a buffer for
 * generated content) whose type has been checked, and returns where it is now served. `delete`
 * removes a stored file by its key; deleting a key that no longer exists is not an error, so
 * clean-up can always be retried.
 */
export type { MediaKind, MediaType };

export type MediaSource = (
  | {
      path: string;
      /**
       * The file is a temporary one the caller removes afterwards (an upload), so the local
       * adapter may hard-link it into place instead of copying it. Never set for files the caller
       * keeps: a link would share later edits of them.
       */
      temporary?: boolean;
    }
  | { buffer: Buffer }
) & {
  /** The type sniffed from the bytes, never the client's claim. */
  contentType: MediaType;
  kind: MediaKind;
  width?: number | null;
  height?: number | null;
};

export type StoredMedia = {
  /** Adapter-specific key, kept in the database to delete the file later. */
  key: string;
  /** Where browsers load it: `/media/<key>` locally, an https URL on Cloudinary. */
  url: string;
  width: number | null;
  height: number | null;
  /**
   * An image's blur-up placeholder, a tiny data URL made before storing; set by
   * lib/api/media.ts and lib/api/poster.ts, not by the adapters. Absent for videos.
   */
  placeholder?: string | null;
  /**
   * A video on Cloudinary: what Cloudinary read of it (size, duration, frame rate, audio), from
   * which its renditions are named (docs/media.md "Media on Cloudinary"); null when it did not say.
   * A section video stored here: what ffmpeg read of it (lib/api/sections.ts).
   */
  video?: VideoMeta | null;
};

export interface Storage {
  put(source: MediaSource): Promise<StoredMedia>;
  delete(key: string): Promise<void>;
}
