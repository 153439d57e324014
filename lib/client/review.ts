import type { z } from "zod";
import type { reviewCommentSchema } from "@/lib/validation/review";
import { reviewMessages } from "@/lib/validation/review-messages";
import { callApi } from "./result";

/* The reviewer's calls on a review page (docs/spec.md §13); loaded by review pages only. */

export type ReviewCommentJson = {
  _id: string;
  sectionId: string;
  name: string;
  text: string;
  time: number | null;
  x: number | null;
  y: number | null;
  image: number | null;
  reply: string | null;
  repliedAt: string | null;
  resolved: boolean;
  createdAt: string;
};

export type NewComment = z.input<typeof reviewCommentSchema>;

export function postReviewComment(token: string, comment: NewComment) {
  return callApi<ReviewCommentJson>(
    ["review-links", token, "comments"],
    { method: "POST", body: comment },
    { success: reviewMessages.commentPosted, failure: reviewMessages.commentRequired },
  );
}

/** Starts the record of this visit; its id, or null when it could not be recorded. */
export async function recordReviewOpen(token: string): Promise<string | null> {
  const result = await callApi<{ _id: string }>(
    ["review-links", token, "opens"],
    { method: "POST", body: {} },
    { success: "", failure: "" },
  );
  return result.ok ? (result.data?._id ?? null) : null;
}

/** The visit's progress; sent with keepalive so it also goes out as the page is left. */
export function sendReviewProgress(
  token: string,
  openId: string,
  progress: { projectsViewed: string[]; videoSeconds: number },
): void {
  void fetch(`/api/review-links/${encodeURIComponent(token)}/opens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ openId, ...progress }),
    keepalive: true,
  }).catch(() => {
    // A lost update only makes the record shorter.
  });
}
