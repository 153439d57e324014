"use client";

import { useAuth } from "@/components/auth/auth-provider";

/**
 * Renders its children only for a signed-in user, on the client, so public pages stay cacheable
 * and identical for every visitor. The server checks the owner again on every write.
 */
export function OwnerOnly({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  return user ? children : null;
}
