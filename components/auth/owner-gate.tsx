"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useAuth } from "./auth-provider";

/**
 * The client half of the owner-route guard (the server already checked): when the session goes
 * away while the page is open (sign-out here or in another tab), leave for /signin, replacing
 * the history entry so Back does not return to the owner page.
 */
export function OwnerGate({ children }: { children: React.ReactNode }) {
  const { session, isLoading } = useAuth();
  const router = useRouter();
  const signedOut = !isLoading && !session;

  useEffect(() => {
    if (signedOut) router.replace("/signin");
  }, [signedOut, router]);

  return children;
}
