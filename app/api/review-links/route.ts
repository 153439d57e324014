import { ownerWrite } from "@/lib/api/owner-write";
import { answer, methodNotAllowed, ok } from "@/lib/api/respond";
import { createLinkFromRequest, toReviewLinkJson } from "@/lib/api/review-links";
import { requireOwner } from "@/lib/auth";
import { listReviewLinks } from "@/lib/data/review-links";
import { reviewMessages } from "@/lib/validation/review";

/** Owner only: the live (not revoked) review links, newest first, with their counts. */
export async function GET(request: Request): Promise<Response> {
  return answer(async () => {
    await requireOwner(request);
    const rows = await listReviewLinks();
    return ok(
      reviewMessages.fetched,
      await Promise.all(rows.map(({ link, ...counts }) => toReviewLinkJson(link, counts))),
    );
  });
}

/** Owner only: `{ name, projectIds, expiresAt?, password?, allowDownload? }` → 201 `{ _id, url }`. */
export const POST = ownerWrite(async (request) => createLinkFromRequest(request));

const refuse = methodNotAllowed("GET", "POST");
export { refuse as PUT, refuse as DELETE, refuse as PATCH };
