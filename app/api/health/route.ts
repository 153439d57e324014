import { methodNotAllowed } from "@/lib/api/respond";
import { checkHealth } from "@/app/api/health/health";

// Checked on every request, never cached: a load balancer must see an outage at once.
export const dynamic = "force-dynamic";

/**
 * For load balancers and monitoring: 200 when the database answers and the media storage can be
 * written, else 503 (also while shutting down), in the API's envelope with the checks in `data`.
 */
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  const ok = health.status === "ok";
  return Response.json(
    {
      success: ok,
      message: ok ? "Healthy" : "Unavailable",
      data: health,
    },
    {
      status: ok ? 200 : 503,
      headers: { "Cache-Control": "no-store", ...(ok ? {} : { "Retry-After": "5" }) },
    },
  );
}

const refuse = methodNotAllowed("GET");
export { refuse as POST, refuse as PUT, refuse as DELETE, refuse as PATCH };
