import { z } from "zod";
import { scheduleMessages } from "./messages";

/**
 * ISO 8601 date and time with its zone (`Z` or an offset): 2026-03-01T09:00Z,
 * 2026-03-01T10:00:00.000+01:00. A time without a zone is refused: the server's zone is not the
 * owner's, and a schedule must not move with it.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** The instant of an ISO 8601 date and time; null when it is not one or names no real date. */
export function parseIsoDateTime(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = "0", offsetHour = "0", offsetMinute = "0"] =
    match.slice(1);
  const days = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (
    Number(month) < 1 ||
    Number(month) > 12 ||
    Number(day) < 1 ||
    Number(day) > days ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59 ||
    Number(offsetHour) > 23 ||
    Number(offsetMinute) > 59
  )
    return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One bound: absent leaves it (an edit keeps the stored one), "" or null clears it. */
function bound(message: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): Date | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || value === "") return null;
      const date = typeof value === "string" ? parseIsoDateTime(value) : null;
      if (!date) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return date;
    });
}

/**
 * The schedule fields of an add or edit (multipart or JSON), docs/spec.md §11: `publishAt` and
 * `unpublishAt`. Both given: the second must come after the first. With only one given, an edit
 * compares it with the stored other one (scheduleProblem), which only the API knows.
 */
export const scheduleFieldsSchema = z
  .object({
    publishAt: bound(scheduleMessages.invalidPublishAt),
    unpublishAt: bound(scheduleMessages.invalidUnpublishAt),
  })
  .superRefine(({ publishAt, unpublishAt }, ctx) => {
    const problem = scheduleProblem(publishAt, unpublishAt);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type ScheduleFields = z.infer<typeof scheduleFieldsSchema>;

/** The order rule of a schedule as it will be stored: unpublishing comes after publishing. */
export function scheduleProblem(
  publishAt: Date | null | undefined,
  unpublishAt: Date | null | undefined,
): string | null {
  return publishAt && unpublishAt && unpublishAt <= publishAt
    ? scheduleMessages.unpublishBeforePublish
    : null;
}
