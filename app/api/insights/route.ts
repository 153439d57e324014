import { answer, methodNotAllowed } from "@/lib/api/respond";
import { ownerInsights } from "@/lib/api/views";

/** The owner's view counts of a range (docs/api.md#insights), read afresh every time. */
export function GET(request: Request): Promise<Response> {
  return answer(async () =>
    Response.json(await ownerInsights(request), { headers: { "Cache-Control": "no-store" } }),
  );
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
