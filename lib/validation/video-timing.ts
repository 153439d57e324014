/**
 * The poster time and loop trim of an uploaded video (docs/media.md "Poster and trim"), in seconds
 * from the start of the uploaded file. Shared by the API and the owner's form.
 */

/** A loop (cover loop, or a section played as a loop) keeps at most 30 s, muted. */
export const MAX_LOOP_SECONDS = 30;
/** Longer videos are refused by the encoder: a portfolio piece or reel is minutes long. */
export const MAX_VIDEO_SECONDS = 60 * 60;

export const timingMessages = {
  posterTime:
    "posterTime must be a number of seconds from 0 (or empty for the first non-black frame)",
  trim: "trimStart and trimEnd must be numbers of seconds from 0",
  trimOrder: "trimEnd must be after trimStart",
  trimLength: `A loop is at most ${MAX_LOOP_SECONDS} seconds: trimEnd - trimStart must be ${MAX_LOOP_SECONDS} or less`,
  trimNeedsLoop: "trimStart and trimEnd apply to loops only: send playback=loop",
  needsEncoding:
    "posterTime, trimStart and trimEnd need a video file uploaded to this site or to Cloudinary (not a Vimeo link)",
  pastEnd: trimPastEnd,
} as const;

/** The frames of a video for the owner's picker (docs/api.md "Video frames"). */
export const frameMessages = {
  time: (duration: number) =>
    `t must be a number of seconds from 0 to ${duration.toFixed(2)} (the length of the video)`,
  noVideo: "The section has no video file stored on this site",
  noReelVideo: "The showreel has no video file stored on this site",
  gone: "The video was removed or replaced while its frames were read",
  unfinished: (id: string) =>
    `Upload ${id} is not complete: its frames can be read once its last byte has arrived`,
} as const;

/** Past the end of the video as the encoder read it. */
export function trimPastEnd(trimStart: number, duration: number): string {
  return `trimStart (${trimStart.toFixed(2)} s) is past the end of the video (${duration.toFixed(2)} s)`;
}

/**
 * A seconds field: undefined when not sent, null when sent empty (back to the default), a number
 * 0–MAX_VIDEO_SECONDS otherwise; "invalid" for anything else.
 */
export function parseSeconds(value: string | undefined): number | null | undefined | "invalid" {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return "invalid";
  const seconds = Number(text);
  return Number.isFinite(seconds) && seconds <= MAX_VIDEO_SECONDS ? seconds : "invalid";
}

/**
 * The problem with a loop's in and out points, or null; null bounds are the defaults. With the
 * video's `duration` (as the encoder read it), an in point at or past its end is one too.
 */
export function trimProblem(
  trimStart: number | null,
  trimEnd: number | null,
  {
    duration,
    texts = timingMessages,
  }: {
    duration?: number;
    texts?: {
      trimOrder: string;
      trimLength: string;
      pastEnd: (start: number, duration: number) => string;
    };
  } = {},
): string | null {
  const start = trimStart ?? 0;
  if (trimEnd !== null) {
    if (trimEnd <= start) return texts.trimOrder;
    // A thousandth of slack: the form's values are rounded to frames.
    if (trimEnd - start > MAX_LOOP_SECONDS + 0.001) return texts.trimLength;
  }
  if (duration !== undefined && start >= duration) return texts.pastEnd(start, duration);
  return null;
}

/** A project's cover loop in and out points (docs/api.md "Cover loops"): the loop rules above. */
export const coverTimingMessages = {
  trim: "coverTrimStart and coverTrimEnd must be numbers of seconds from 0",
  trimOrder: "coverTrimEnd must be after coverTrimStart",
  trimLength: `A loop is at most ${MAX_LOOP_SECONDS} seconds: coverTrimEnd - coverTrimStart must be ${MAX_LOOP_SECONDS} or less`,
  needsLoop:
    "coverTrimStart and coverTrimEnd need a cover loop: send coverVideo or coverVideoUpload",
  needsEncoding:
    "coverTrimStart and coverTrimEnd need a cover loop whose length is known: send the loop again",
  pastEnd: (start: number, duration: number) =>
    `coverTrimStart (${start.toFixed(2)} s) is past the end of the cover loop (${duration.toFixed(2)} s)`,
} as const;
