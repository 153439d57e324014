import "server-only";
import { requireOwner, type AuthUser } from "@/lib/auth";
import { parsePermanent } from "@/lib/validation/version";
import { answer, ApiError } from "./respond";

/** What Next.js passes a route handler: the dynamic segments' values (none for a static route). */
type RouteContext<Params> = { params: Promise<Params> };

/**
 * The one shape of every write route (docs/security.md): the owner's session, and for a cookie the
 * request's Origin, are checked before anything else of the request is read, so a visitor can never
 * make the server parse or store a body; then `run` gets the route's params and the owner. Errors
 * become the REST envelope through `answer`.
 */
export function ownerWrite<Params extends Record<string, string> = Record<string, never>>(
  run: (request: Request, params: Params, owner: AuthUser) => Promise<Response>,
): (request: Request, context: RouteContext<Params>) => Promise<Response> {
  return (request, context) =>
    answer(async () => {
      const owner = await requireOwner(request);
      // A static route has no params (Next.js passes none): an empty object then.
      return run(request, (await context.params) ?? ({} as Params), owner);
    });
}

/** A DELETE's `?permanent=true` (for good) or its absence (to the trash); 400 for anything else. */
export function permanentOf(request: Request): boolean {
  const permanent = parsePermanent(new URL(request.url).searchParams.get("permanent"));
  if (!permanent.ok) throw new ApiError(400, permanent.message);
  return permanent.value;
}
