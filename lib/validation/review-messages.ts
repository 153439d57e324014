import { REVIEW_LIMITS } from "./limits";

/** The texts of client review links (docs/spec.md §13), apart from the schemas: no zod with them. */
export const reviewMessages = {
  nameRequired: "A review link needs a name",
  nameTooLong: `Name must be at most ${REVIEW_LIMITS.name} characters`,
  projectsRequired: "Choose at least one project",
  projectsTooMany: `A review link shows at most ${REVIEW_LIMITS.projects} projects`,
  projectUnknown: "A chosen project does not exist",
  expiryInvalid: "Expiry must be a date and time in the future",
  reviewerNameRequired: "Please enter your name.",
  reviewerNameTooLong: `Your name must be at most ${REVIEW_LIMITS.reviewerName} characters.`,
  commentRequired: "Please write a comment.",
  commentTooLong: `A comment must be at most ${REVIEW_LIMITS.comment} characters.`,
  replyTooLong: `A reply must be at most ${REVIEW_LIMITS.reply} characters.`,
  invalidText: "Text holds characters that cannot be stored",
  sectionOutside: "This section is not part of this review",
  pointInvalid: "A point needs both x and y between 0 and 1",
  imageInvalid: "The point must be on one of this section's images",
  timeInvalid: "Time must be a number of seconds of at least 0",
  tooManyComments: "Too many comments. Please wait a minute and try again.",
  tooManyRequests: "Request rate limit reached",
  linkNotFound: "Review link not found",
  linkExpired: "This review link has expired",
  linkExpiredHelp: "Ask the person who sent it to you for a new link.",
  created: "Review link created",
  updated: "Review link updated",
  revoked: "Review link revoked",
  fetched: "Review links fetched",
  commentPosted: "Comment posted",
  commentUpdated: "Comment updated",
  commentsFetched: "Comments fetched",
  videoPreparing:
    "This video is still being prepared. Reload the page in a few minutes to play it.",
} as const;

/** "1:05" for 65.2 seconds: a comment's time. */
export function formatTime(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** "image 2, 25% across, 50% down": a comment's point (an old point without its image: the first). */
export function formatPoint(x: number, y: number, image: number | null): string {
  return `image ${(image ?? 0) + 1}, ${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down`;
}
