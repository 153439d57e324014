import "server-only";
import { getDb } from "@/lib/db";
import { invalidInput } from "../errors";
import { endSessions } from "../sessions";
import { authenticateBearer } from "../verify";

const SCOPES = ["global", "local", "others"] as const;

/** POST /logout?scope=global|local|others: ends sessions; their access tokens stop working. */
export async function handleLogout(request: Request, url: URL): Promise<Response> {
  const scope = url.searchParams.get("scope") ?? "global";
  if (!SCOPES.includes(scope as (typeof SCOPES)[number]))
    throw invalidInput(`Unsupported logout scope "${scope}"`);
  const { user, session } = await authenticateBearer(request);
  await endSessions(await getDb(), user.id, scope as (typeof SCOPES)[number], session.id);
  return new Response(null, { status: 204 });
}
