import "server-only";
import { env } from "@/lib/env";

/** Google sign-in is offered only when the client id and secret are configured. */
export function isGoogleConfigured(): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}
