"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Suspense, useEffect, useRef, useState } from "react";
import { signedInLazy } from "@/components/owner/signed-in-only";
import { NAV_LINKS, currentState } from "./nav-links";
import { SearchBox, SearchBoxFallback } from "./search-box";

// New Project, Dashboard, Inbox, Trash and Sign Out: loaded once a signed-in user is known.
const OwnerNavItems = signedInLazy(
  () => import("@/components/auth/owner-nav-items"),
  "OwnerNavItems",
);

const linkClass =
  "underline-offset-8 decoration-2 hover:underline [&[aria-current]]:underline [&[aria-current]]:decoration-accent";

export function SiteNav() {
  // Typed nullable because the project has a pages/ folder (its one API route); never null here.
  const pathname = usePathname() ?? "/";
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const links = (onNavigate?: () => void) =>
    NAV_LINKS.map((link) => (
      <li key={link.href}>
        <Link
          href={link.href}
          prefetch={"prefetch" in link ? link.prefetch : undefined}
          aria-current={currentState(link.href, pathname)}
          onClick={onNavigate}
          className={linkClass}
        >
          {link.label}
        </Link>
      </li>
    ));

  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-8 md:flex">
        <ul className="flex items-center gap-7 text-sm font-medium">
          {links()}
          <OwnerNavItems className={linkClass} />
        </ul>
        <Suspense fallback={<SearchBoxFallback id="search-desktop" />}>
          <SearchBox id="search-desktop" />
        </Suspense>
      </nav>

      {/* Tabbing out of the open menu closes it, so focus never lands on what it covers. A blur
          to nowhere (a tap on the page) leaves it open: Safari gives tapped links no focus. */}
      <div
        className="md:hidden"
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
        }}
      >
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((value) => !value)}
          className="-mr-2 rounded-md px-2 py-1 text-sm font-medium md:hidden"
        >
          {open ? "Close" : "Menu"}
        </button>
        <div
          id="mobile-menu"
          hidden={!open}
          className="bg-paper absolute inset-x-0 top-full border-b border-black/10 px-5 pt-2 pb-6 shadow-sm md:hidden"
        >
          <nav aria-label="Mobile">
            <ul className="flex flex-col text-lg font-medium [&_a]:block [&_a]:py-3">
              {links(close)}
              <OwnerNavItems className={linkClass} onNavigate={close} />
            </ul>
          </nav>
          <div className="mt-3">
            <Suspense fallback={<SearchBoxFallback id="search-mobile" />}>
              <SearchBox id="search-mobile" onSearch={close} />
            </Suspense>
          </div>
        </div>
      </div>
    </>
  );
}
