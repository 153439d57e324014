import { z } from "zod";
import { REVIEW_LIMITS } from "./limits";
import { projectPasswordSchema } from "./status";
import { hasVisibleText, isStorableText } from "./text";
import { reviewMessages } from "./review-messages";

export { reviewMessages };

/* Client review links and their comments (docs/spec.md §13); messages are the API's. */

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .refine(hasVisibleText, { error: required })
    .refine((value) => value.length <= max, { error: tooLong })
    .refine(isStorableText, { error: reviewMessages.invalidText });

const ID = /^[0-9a-f]{24}$/;
const id = z.string().regex(ID);

const linkName = text(REVIEW_LIMITS.name, reviewMessages.nameRequired, reviewMessages.nameTooLong);
const projectIds = z
  .array(z.string().regex(ID, { error: reviewMessages.projectUnknown }), {
    error: reviewMessages.projectsRequired,
  })
  .min(1, { error: reviewMessages.projectsRequired })
  .max(REVIEW_LIMITS.projects, { error: reviewMessages.projectsTooMany })
  .transform((ids) => [...new Set(ids)]);
const expiresAt = z
  .union([z.iso.datetime({ offset: true, error: reviewMessages.expiryInvalid }), z.null()])
  .transform((value) => (value === null ? null : new Date(value)));

/** POST /api/review-links. An empty password is none. */
export const createReviewLinkSchema = z.object({
  name: linkName,
  projectIds,
  expiresAt: expiresAt.optional(),
  password: z.union([z.literal(""), projectPasswordSchema, z.null()]).optional(),
  allowDownload: z.boolean().optional(),
});

/** PATCH /api/review-links/{id}: any of the fields; password null removes it, absent keeps it. */
export const updateReviewLinkSchema = createReviewLinkSchema.partial();

/** POST /api/review-links/{token}/comments. */
export const reviewCommentSchema = z
  .object({
    sectionId: z.string().regex(ID, { error: reviewMessages.sectionOutside }),
    name: text(
      REVIEW_LIMITS.reviewerName,
      reviewMessages.reviewerNameRequired,
      reviewMessages.reviewerNameTooLong,
    ),
    text: text(
      REVIEW_LIMITS.comment,
      reviewMessages.commentRequired,
      reviewMessages.commentTooLong,
    ),
    time: z.number({ error: reviewMessages.timeInvalid }).finite().min(0).nullish(),
    x: z.number({ error: reviewMessages.pointInvalid }).min(0).max(1).nullish(),
    y: z.number({ error: reviewMessages.pointInvalid }).min(0).max(1).nullish(),
    /** Which of the section's images the point is on; 0 when a point comes without it. */
    image: z.number({ error: reviewMessages.imageInvalid }).int().min(0).nullish(),
    openId: id.nullish(),
  })
  .refine((value) => (value.x == null) === (value.y == null), {
    error: reviewMessages.pointInvalid,
  })
  .refine((value) => value.image == null || value.x != null, {
    error: reviewMessages.pointInvalid,
  });

/** PATCH /api/review-links/{id}/comments/{commentId}: the owner's reply and resolution. */
export const reviewCommentUpdateSchema = z.object({
  reply: z
    .union([
      z.null(),
      z
        .string()
        .trim()
        .max(REVIEW_LIMITS.reply, { error: reviewMessages.replyTooLong })
        .refine(isStorableText, { error: reviewMessages.invalidText }),
    ])
    .optional(),
  resolved: z.boolean().optional(),
});

/** POST /api/review-links/{token}/opens: a visit's progress. */
export const reviewOpenSchema = z.object({
  openId: id.nullish(),
  projectsViewed: z.array(id).max(REVIEW_LIMITS.projects).optional(),
  videoSeconds: z.number().int().min(0).max(86_400).optional(),
});
