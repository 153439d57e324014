"use client";

import { Suspense, type ComponentType } from "react";
import { lazyExport } from "@/components/ui/lazy-export";
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
 * The `name` export of a module, whose code loads only once a signed-in user is known, so visitors
 * never download it (see lazyExport).
 */
export function signedInLazy<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Loaded = lazyExport(load, name);
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
