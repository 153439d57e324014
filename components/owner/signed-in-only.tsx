"use client";

import { lazy, Suspense, type ComponentType } from "react";
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

/**
 * A component whose code loads only once a signed-in user is known, so visitors never download it
 * (React.lazy rather than next/dynamic: nothing to render on the server, and no extra runtime).
 */
export function signedInLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function SignedInLazy(props: P) {
    return (
      <SignedInOnly>
        <Suspense>
          <Loaded {...props} />
        </Suspense>
      </SignedInOnly>
    );
  };
}
