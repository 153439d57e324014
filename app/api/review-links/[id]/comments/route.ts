import { answer, fail, methodNotAllowed, ok } from "@/lib/api/respond";
import { postCommentFromRequest, toReviewCommentJson } from "@/lib/api/review-links";
import { requireOwner } from "@/lib/auth";
import { getReviewLink, listReviewComments } from "@/lib/data/review-links";
import { reviewMessages } from "@/lib/validation/review";

type Context = { params: Promise<{ id: string }> };

/** Owner only: the comments of the link `{id}`, oldest first. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => {
    await requireOwner(request);
    const { id } = await params;
    if (!(await getReviewLink(id))) return fail(404, reviewMessages.linkNotFound);
    return ok(
      reviewMessages.commentsFetched,
      (await listReviewComments(id)).map(toReviewCommentJson),
    );
  });
}

/**
 * A reviewer's comment on the link whose token is `{id}`: `{ sectionId, text, name, time?, x?, y? }`
 * → 201. No account: the token (and the link's cookie for a password link) is the right.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  return answer(async () => postCommentFromRequest(request, (await params).id));
}

const refuse = methodNotAllowed("GET", "POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
