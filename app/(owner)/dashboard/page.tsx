import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { OwnerDashboard } from "@/components/dashboard/owner-dashboard";
import { getUser } from "@/lib/auth";
import { countUnreadMessages } from "@/lib/data/contact-messages";

export const metadata: Metadata = { title: "Dashboard" };

const actionClass =
  "rounded-md border border-black/20 bg-white px-4 py-2 text-sm font-semibold hover:bg-black/5";

/**
 * An e-mail address that stays whole on a narrow screen: as a block it moves to the next line,
 * and only when it is wider than a line does it wrap, after the "@" or before a dot, never
 * mid-word (a part too long for a line still wraps rather than overflow).
 */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="inline-block max-w-full [overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

export default async function DashboardPage() {
  const user = await getUser();
  if (!user) redirect("/signin");
  const unread = user.isOwner ? await countUnreadMessages() : 0;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Welcome, <EmailText email={user.email || "Guest"} />
      </h1>
      {user.isOwner ? (
        <>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/addproject" className={actionClass}>
              New Project
            </Link>
            <Link href="/inbox" className={actionClass} data-testid="inbox-link">
              Inbox
              {unread > 0 ? (
                <span className="bg-ink ml-2 rounded-full px-2 py-0.5 text-xs text-white">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
            <Link href="/trash" className={actionClass}>
              Trash
            </Link>
            <Link href="/review-links" className={actionClass}>
              Review links
            </Link>
            <Link href="/insights" className={actionClass}>
              Insights
            </Link>
            <SignOutButton className={actionClass} />
          </div>
          <OwnerDashboard />
        </>
      ) : (
        <div className="mt-6 space-y-4">
          <p role="status" className="text-muted max-w-prose">
            This account has no owner rights on this site, so there is nothing to manage here.
          </p>
          <SignOutButton className={actionClass} />
        </div>
      )}
    </div>
  );
}
