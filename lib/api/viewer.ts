import "server-only";
import { getUser } from "@/lib/auth";
import type { Viewer } from "@/lib/data/serialize";

/**
 * Whether a read is the signed-in owner's (Bearer token or session cookie). A visitor, a
 * non-owner account or a token that no longer verifies reads as the public. Without credentials
 * nothing is looked up.
 */
export async function viewerOf(request: Request): Promise<Viewer> {
  const user = await getUser(request);
  return { owner: Boolean(user?.isOwner) };
}
