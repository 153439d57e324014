import { MB } from "./uploads";

/**
 * Resumable uploads of video masters (tus 1.0, docs/api.md#resumable-uploads): the kinds an upload
 * is made for, what it may hold, and the texts both sides show. Shared by the route handlers and
 * the owner forms.
 */

/** `kind` of an upload's `Upload-Metadata`: a section's video or a project's cover loop. */
export const RESUMABLE_KINDS = ["video", "cover-loop"] as const;
export type ResumableKind = (typeof RESUMABLE_KINDS)[number];

export const RESUMABLE_ENDPOINT = "/api/uploads";

/**
 * Bytes per PATCH the owner forms send: a dropped connection costs at most the chunk in flight
 * (what reached the server of it is kept), and each chunk is one owner check on the server.
 */
export const RESUMABLE_CHUNK_BYTES = 8 * MB;

/** An unattached upload is deleted this long after its last byte arrived. */
export const RESUMABLE_EXPIRY_HOURS = 24;

/** The containers a master may come in, by their bytes, and the video codecs each may carry. */
export const MASTER_CODECS = {
  "video/mp4": ["h264", "hevc", "prores", "av1"],
  "video/quicktime": ["h264", "hevc", "prores"],
  "video/webm": ["vp8", "vp9", "av1"],
  "video/x-matroska": ["h264", "hevc", "prores", "vp8", "vp9", "av1"],
} as const;
export type MasterType = keyof typeof MASTER_CODECS;

/** What the file picker offers; the server decides on the bytes. */
export const MASTER_ACCEPT = "video/mp4,video/quicktime,video/webm,video/x-matroska,.mkv,.mov";

/**
 * Whether the browser's report of a picked file can be a master (its type, or for an unknown
 * type its extension); the server decides on the bytes.
 */
export function isMasterFile(file: { name: string; type: string }): boolean {
  if (file.type) return file.type in MASTER_CODECS;
  return /\.(mp4|m4v|mov|webm|mkv)$/i.test(file.name);
}

const mb = (bytes: number) => Math.ceil(bytes / MB);

export const resumableMessages = {
  /** The owner's forms, on a save before a master's last byte arrived. */
  stillUploading: "The video is still uploading. Save once the upload is complete.",
  invalidKind: 'Upload kind must be "video" or "cover-loop"',
  lengthRequired: "Upload-Length is required: the size of the file must be known when it starts",
  emptyFile: (name: string) => `Empty file: ${name}`,
  tooLarge: (name: string, maxMb: number) => `File too large: ${name} (videos up to ${maxMb} MB)`,
  noDiskSpace: (name: string, bytes: number, free: number) =>
    `Not enough free disk space for ${name}: it needs ${mb(bytes)} MB, the server has ${mb(free)} MB free`,
  notVideo: (name: string) =>
    `Invalid file type: ${name} (a video must be an mp4, mov, webm or mkv file)`,
  codec: (name: string, codec: string) =>
    `Unsupported video codec in ${name}: ${codec || "unknown"} (H.264, HEVC, ProRes, VP8, VP9 or AV1)`,
  unreadable: (name: string, reason: string) => `${reason} (${name})`,
  unknown: (id: string) => `Upload not found: ${id}`,
  wrongKind: (id: string, kind: ResumableKind) =>
    `Upload ${id} was made for a ${kind === "video" ? "section video" : "cover loop"}, not this field`,
  unfinished: (id: string, offset: number, size: number) =>
    `Upload ${id} is not finished (${offset} of ${size} bytes received)`,
  attached: (id: string) => `Upload ${id} is already attached`,
  fileAndUpload: "Send either a video file or an upload id, not both",
} as const;
