import type { Metadata } from "next";
import Link from "next/link";
import { OwnerPage } from "@/components/owner/owner-page";
import { ReviewLinkForm } from "@/components/owner/review-link-form";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { listProjects } from "@/lib/data/projects";
import { linkState, listReviewLinks } from "@/lib/data/review-links";

export const metadata: Metadata = { title: "Review links", robots: { index: false } };

const dateTime = (date: Date) =>
  date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The owner's review links (docs/spec.md §13): the live ones, and a form for a new one. */
export default async function ReviewLinksPage() {
  await requireOwnerPage();
  const [links, projects] = await Promise.all([listReviewLinks(), listProjects("owner")]);
  return (
    <OwnerPage
      title="Review links"
      intro="Private links that show chosen projects, of any status, to a client, who can comment on them."
      back={{ href: "/dashboard", label: "Back to the dashboard" }}
    >
      {links.length > 0 ? (
        <ul className="mb-12 flex flex-col gap-3" aria-label="Your review links">
          {links.map(({ link, comments, openComments, opens }) => (
            <li key={link.id} className="rounded-md border border-black/15 p-4">
              <Link
                href={`/review-links/${link.id}`}
                className="font-semibold underline underline-offset-4"
              >
                {link.name}
              </Link>
              <p className="text-muted mt-1 text-sm">
                Made {dateTime(link.createdAt)} · {count(link.projectIds.length, "project")} ·{" "}
                {count(opens, "open")} · {count(comments, "comment")}
                {openComments > 0 ? `, ${openComments} unresolved` : ""}
                {link.expiresAt
                  ? linkState(link) === "expired"
                    ? ` · expired ${dateTime(link.expiresAt)}`
                    : ` · expires ${dateTime(link.expiresAt)}`
                  : ""}
                {link.passwordHash ? " · password" : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted mb-12">No review links yet.</p>
      )}
      <h2 className="mb-4 text-xl font-semibold">New review link</h2>
      <ReviewLinkForm projects={projects.map(({ id, title, status }) => ({ id, title, status }))} />
    </OwnerPage>
  );
}
