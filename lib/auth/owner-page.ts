import "server-only";
import { redirect } from "next/navigation";
import { getUser, type AuthUser } from "./index";

/**
 * The guard of the owner's editing pages: visitors go to /signin, and a signed-in account without
 * owner rights to the dashboard, which tells it so. Each page calls it, since the owner layout is
 * not re-run on every client-side navigation.
 */
export async function requireOwnerPage(): Promise<AuthUser> {
  const user = await getUser();
  if (!user) redirect("/signin");
  if (!user.isOwner) redirect("/dashboard");
  return user;
}
