import { reviewMessages } from "@/lib/validation/review-messages";
import { callApi } from "./result";

/* The owner's calls on review links (docs/api.md#review-links). */

export type ReviewLinkFields = {
  name: string;
  projectIds: string[];
  expiresAt: string | null;
  /** "" or absent keeps the stored one (edit), null removes it. */
  password?: string | null;
  allowDownload: boolean;
};

export type ReviewLinkJson = { _id: string; url: string };

export function createReviewLink(fields: ReviewLinkFields) {
  return callApi<ReviewLinkJson>(
    ["review-links"],
    { method: "POST", body: fields },
    { success: reviewMessages.created, failure: reviewMessages.nameRequired },
  );
}

export function updateReviewLink(id: string, fields: Partial<ReviewLinkFields>) {
  return callApi<ReviewLinkJson>(
    ["review-links", id],
    { method: "PATCH", body: fields },
    { success: reviewMessages.updated, failure: reviewMessages.linkNotFound },
  );
}

export function revokeReviewLink(id: string) {
  return callApi(
    ["review-links", id],
    { method: "DELETE" },
    { success: reviewMessages.revoked, failure: reviewMessages.linkNotFound },
  );
}

export function updateReviewComment(
  linkId: string,
  commentId: string,
  patch: { reply?: string | null; resolved?: boolean },
) {
  return callApi(
    ["review-links", linkId, "comments", commentId],
    { method: "PATCH", body: patch },
    { success: reviewMessages.commentUpdated, failure: reviewMessages.linkNotFound },
  );
}
