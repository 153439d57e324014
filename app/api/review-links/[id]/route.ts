import { ownerWrite } from "@/lib/api/owner-write";
import { fail, methodNotAllowed, ok } from "@/lib/api/respond";
import { updateLinkFromRequest } from "@/lib/api/review-links";
import { revokeReviewLink } from "@/lib/data/review-links";
import { reviewMessages } from "@/lib/validation/review";

/** Owner only: changes a link's name, projects, expiry, password or downloads. */
export const PATCH = ownerWrite<{ id: string }>(async (request, { id }) =>
  updateLinkFromRequest(request, id),
);

/** Owner only: revokes the link at once (its URL answers 404 from then on). */
export const DELETE = ownerWrite<{ id: string }>(async (_request, { id }) =>
  (await revokeReviewLink(id))
    ? ok(reviewMessages.revoked, { _id: id })
    : fail(404, reviewMessages.linkNotFound),
);

const refuse = methodNotAllowed("PATCH", "DELETE");
export { refuse as GET, refuse as PUT, refuse as POST };
