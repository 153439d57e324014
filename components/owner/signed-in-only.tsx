"use client";

import { useAuth } from "@/components/auth/auth-provider";

/**
 * Renders its children for any signed-in user, on the client, so public pages stay cacheable and
 * identical for every visitor. It does not know who the owner is: a signed-in account without
 * owner rights sees the controls too, and the server refuses its writes (every write checks the
 * owner).
 */
export function SignedInOnly({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}
