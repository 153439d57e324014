"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAuth } from "./auth-provider";
import { SignOutButton, type NavItemProps } from "./sign-out-button";

const links = [
  { href: "/addproject", label: "New Project" },
  { href: "/dashboard", label: "Dashboard" },
  { href: "/inbox", label: "Inbox" },
  { href: "/trash", label: "Trash" },
];

/**
 * The header's owner items (New Project, Dashboard, Inbox, Trash, Sign Out) as list items, rendered only while
 * a session has a user. Meant to sit inside the header nav's <ul>.
 */
export function OwnerNavItems({ className, onNavigate }: NavItemProps) {
  const { user } = useAuth();
  const pathname = usePathname();
  if (!user) return null;
  return (
    <>
      {links.map(({ href, label }) => (
        <li key={href}>
          <Link
            href={href}
            aria-current={pathname === href ? "page" : undefined}
            onClick={onNavigate}
            className={className}
          >
            {label}
          </Link>
        </li>
      ))}
      <li>
        <SignOutButton className={className} onNavigate={onNavigate} />
      </li>
    </>
  );
}
