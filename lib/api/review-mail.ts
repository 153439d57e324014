import "server-only";
import { findFirstAccountEmail } from "@/lib/auth/owner";
import { deliverMail, escapeHtml } from "@/lib/auth-service/mail";
import { claimReviewMail } from "@/lib/data/review-links";
import { env } from "@/lib/env";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { formatPoint, formatTime } from "@/lib/validation/review-messages";

/*
 * The owner's mail about reviewers' comments (docs/spec.md §13): one mail per reviewer visit,
 * sent once the visit has had no new comment for REVIEW_MAIL_QUIET_MS, through the site's mailer
 * (SMTP_URL, else DATA_DIR/outbox). Visits are claimed in the database, so with several servers
 * each visit is mailed once.
 */

export const REVIEW_MAIL_QUIET_MS = 5 * 60 * 1000;

/** Sends the mails that are due; returns how many were sent. */
export async function sendDueReviewMail(now = new Date()): Promise<number> {
  // No owner address yet: nothing is claimed, so the comments are mailed once there is one.
  const to = env().OWNER_EMAILS[0] ?? (await findFirstAccountEmail());
  if (!to) return 0;
  const due = await claimReviewMail(REVIEW_MAIL_QUIET_MS, now);
  if (due.length === 0) return 0;
  const site = getCachedSiteUrl();
  for (const { link, comments } of due) {
    const page = new URL(`/review-links/${link.id}`, site).toString();
    const lines = comments.map(
      (comment) =>
        `${comment.name}${comment.time !== null ? ` at ${formatTime(comment.time)}` : ""}${
          comment.x !== null && comment.y !== null
            ? ` on ${formatPoint(comment.x, comment.y, comment.image)}`
            : ""
        }: ${comment.text}`,
    );
    const subject = `${comments.length} new comment${comments.length === 1 ? "" : "s"} on “${link.name}”`;
    await deliverMail(
      {
        to,
        subject,
        text: [`New comments on the review link “${link.name}”:`, "", ...lines, "", page].join(
          "\n",
        ),
        html: `<p>New comments on the review link “${escapeHtml(link.name)}”:</p><ul>${lines
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join("")}</ul><p><a href="${escapeHtml(page)}">Read and reply</a></p>`,
      },
      site.origin,
    );
  }
  console.log(`Review mail: sent ${due.length} mail(s).`);
  return due.length;
}
