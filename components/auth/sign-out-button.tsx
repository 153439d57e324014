"use client";

import { useRouter } from "next/navigation";
import { useAuth } from "./auth-provider";

/** A navigation item's props: its class, and what to do once it has navigated (close a menu). */
export type NavItemProps = { className?: string; onNavigate?: () => void };

/** Signs out, then goes to /signin; a failure is only logged and the page stays (docs/spec.md §8). */
export function SignOutButton({ className, onNavigate }: NavItemProps) {
  const { signOut } = useAuth();
  const router = useRouter();

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const { error } = await signOut();
    if (error) {
      console.error("Error signing out:", error);
      return;
    }
    onNavigate?.();
    router.push("/signin");
    router.refresh();
  }

  // A link to /signin, as in the spec's navigation, that signs out first.
  return (
    <a href="/signin" onClick={onClick} className={className}>
      Sign Out
    </a>
  );
}
