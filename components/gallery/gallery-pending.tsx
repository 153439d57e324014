"use client";

import { useLinkStatus } from "next/link";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { PlaceholderGrid } from "./gallery-skeleton";

/*
 * The placeholder grid while another gallery view loads after a click (a filter, "Clear search").
 * It is not a loading.tsx boundary around the cached gallery: that put the skeleton into every
 * cached page's HTML and revealed the real grid only after React's reveal throttle (~300 ms after
 * the first cover had arrived), most of a phone's LCP. A first visit gets the grid in the HTML; a
 * navigation shows the placeholder until the next view's payload arrives.
 */

type Pending = { pending: boolean; setPending: (pending: boolean) => void };

const PendingContext = createContext<Pending>({ pending: false, setPending: () => {} });

/** Around a gallery view: links marked with PendingMark and the GalleryResults they replace. */
export function GalleryNavigation({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(false);
  return <PendingContext value={{ pending, setPending }}>{children}</PendingContext>;
}

/** The grid, or the placeholder grid while a marked link's navigation is pending. */
export function GalleryResults({ children }: { children: ReactNode }) {
  return useContext(PendingContext).pending ? <PlaceholderGrid /> : children;
}

/** Rendered inside a gallery `<Link>`: reports that link's pending navigation. */
export function PendingMark() {
  const { pending } = useLinkStatus();
  const { setPending } = useContext(PendingContext);
  useEffect(() => {
    if (!pending) return;
    setPending(true);
    // The navigation finished (this view is replaced) or was abandoned for another link.
    return () => setPending(false);
  }, [pending, setPending]);
  return null;
}
