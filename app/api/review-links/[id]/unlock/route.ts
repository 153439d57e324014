import { answer, methodNotAllowed } from "@/lib/api/respond";
import { unlockLinkFromRequest } from "@/lib/api/review-links";

/** `{ password }` opens the password link whose token is `{id}` in this browser for 7 days. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  const response = await answer(async () => unlockLinkFromRequest(request, id));
  // The page's form posted by the browser itself (no script yet): back to the review page, which
  // shows the projects if the cookie was set and the form again if not. 404 and 410 stay.
  const formPost = (request.headers.get("content-type") ?? "").startsWith(
    "application/x-www-form-urlencoded",
  );
  if (!formPost || response.status === 404 || response.status === 410) return response;
  return new Response(null, {
    status: 303,
    // The cookie set by the handler (next/headers) rides on this answer.
    headers: { Location: `/r/${encodeURIComponent(id)}` },
  });
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
