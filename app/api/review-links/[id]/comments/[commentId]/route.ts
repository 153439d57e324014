import { ownerWrite } from "@/lib/api/owner-write";
import { ApiError, fail, methodNotAllowed, ok } from "@/lib/api/respond";
import { toReviewCommentJson } from "@/lib/api/review-links";
import { updateReviewComment } from "@/lib/data/review-links";
import { readJsonObject } from "@/lib/http/json-body";
import { messages } from "@/lib/validation/messages";
import { firstMessage } from "@/lib/validation/project";
import { reviewCommentUpdateSchema, reviewMessages } from "@/lib/validation/review";

/** Owner only: `{ reply?, resolved? }` on one comment of the link `{id}`. */
export const PATCH = ownerWrite<{ id: string; commentId: string }>(
  async (request, { id, commentId }) => {
    const body = await readJsonObject(request, 16 * 1024).catch(() => {
      throw new ApiError(400, messages.invalidForm);
    });
    const parsed = reviewCommentUpdateSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, firstMessage(parsed.error));
    const comment = await updateReviewComment(id, commentId, parsed.data);
    if (!comment) return fail(404, reviewMessages.linkNotFound);
    return ok(reviewMessages.commentUpdated, toReviewCommentJson(comment));
  },
);

const refuse = methodNotAllowed("PATCH");
export { refuse as GET, refuse as PUT, refuse as POST, refuse as DELETE };
