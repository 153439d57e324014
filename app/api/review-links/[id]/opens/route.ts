import { answer, methodNotAllowed } from "@/lib/api/respond";
import { recordOpenFromRequest } from "@/lib/api/review-links";

/** A visit of the link whose token is `{id}`: recorded, then its progress (docs/spec.md §13). */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return answer(async () => recordOpenFromRequest(request, (await params).id));
}

const refuse = methodNotAllowed("POST");
export { refuse as GET, refuse as PUT, refuse as DELETE, refuse as PATCH };
