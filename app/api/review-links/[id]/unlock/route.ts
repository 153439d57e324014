import { redirectFormPost } from "@/lib/api/password-unlock";
import { answer, methodNotAllowed } from "@/lib/api/respond";
import { unlockLinkFromRequest } from "@/lib/api/review-links";

/** `{ password }` opens the password link whose token is `{id}` in this browser for 7 days. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  const response = await answer(async () => unlockLinkFromRequest(request, id));
  return redirectFormPost(request, response, `/r/${encodeURIComponent(id)}`);
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
