"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAuth } from "./auth-provider";
import { SignOutButton } from "./sign-out-button";

/**
 * The header's owner items (New Project, Dashboard, Sign Out) as list items, rendered only while
 * a session has a user. Meant to sit inside the header nav's <ul>.
 */
export function OwnerNavItems({
  linkClassName,
  onNavigate,
}: {
  linkClassName?: string;
  onNavigate?: () => void;
}) {
  const { user } = useAuth();
  const pathname = usePathname();
  if (!user) return null;
  const current = (href: string) => (pathname === href ? "page" : undefined);
  return (
    <>
      <li>
        <Link
          href="/addproject"
          aria-current={current("/addproject")}
          onClick={onNavigate}
          className={linkClassName}
        >
          New Project
        </Link>
      </li>
      <li>
        <Link
          href="/dashboard"
          aria-current={current("/dashboard")}
          onClick={onNavigate}
          className={linkClassName}
        >
          Dashboard
        </Link>
      </li>
      <li>
        <SignOutButton className={linkClassName} onSignedOut={onNavigate} />
      </li>
    </>
  );
}
