import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CopyButton } from "@/components/owner/copy-button";
import { OwnerPage } from "@/components/owner/owner-page";
import { ReviewLinkForm } from "@/components/owner/review-link-form";
import { ReviewCommentActions, RevokeReviewLink } from "@/components/owner/review-comment-actions";
import { ReviewImages, ReviewPlayer } from "@/components/sections/review-client";
import { sectionViewData } from "@/components/sections/project-page";
import { formatPoint, formatTime } from "@/lib/validation/review-messages";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { listProjects } from "@/lib/data/projects";
import {
  getReviewLink,
  linkState,
  listLinkProjects,
  listReviewComments,
  listReviewOpens,
} from "@/lib/data/review-links";
import { listSections } from "@/lib/data/sections";
import { getSiteUrl } from "@/lib/site/site-url";
import { reviewVideo } from "@/lib/site/video-sources";
import { TableHead } from "@/components/owner/table-head";

export const metadata: Metadata = { title: "Review link", robots: { index: false } };

type Params = Promise<{ id: string }>;

const dateTime = (date: Date) =>
  date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

/**
 * One review link (docs/spec.md §13): its URL, its settings, Revoke, who opened it (time, device,
 * projects seen, seconds of video), and the comments per project and section, with the owner's
 * reply and Resolve.
 */
export default async function ReviewLinkPage({ params }: { params: Params }) {
  await requireOwnerPage();
  const { id } = await params;
  const link = await getReviewLink(id);
  if (!link || link.revokedAt) notFound();
  const [allProjects, projects, comments, opens, site] = await Promise.all([
    listProjects("owner"),
    listLinkProjects(link),
    listReviewComments(link.id),
    listReviewOpens(link.id),
    getSiteUrl(),
  ]);
  const sections = await Promise.all(projects.map((project) => listSections(project.id)));
  const titles = new Map(allProjects.map((project) => [project.id, project.title]));
  const url = new URL(`/r/${link.token}`, site).toString();
  return (
    <OwnerPage title={link.name} back={{ href: "/review-links", label: "All review links" }}>
      <p className="font-medium">Link to send</p>
      <p
        className="mt-1 rounded-md bg-black/5 p-3 font-mono text-sm break-all"
        data-testid="review-url"
      >
        {url}
      </p>
      <div className="mt-2">
        <CopyButton text={url} label="Copy link" />
      </div>
      {linkState(link) === "expired" ? (
        <p className="mt-2 font-medium text-red-700">This link has expired.</p>
      ) : null}

      <h2 className="mt-10 mb-4 text-xl font-semibold">Comments</h2>
      {comments.length === 0 ? <p className="text-muted">No comments yet.</p> : null}
      {projects.map((project, p) =>
        (sections[p] ?? []).map((section, s) => {
          const own = comments.filter((comment) => comment.sectionId === section.id);
          if (own.length === 0) return null;
          const label = `${project.title}: ${section.title || `section ${s + 1}`}`;
          const view = sectionViewData(section, project);
          const points = own.flatMap(({ id, name, x, y, image }) =>
            x !== null && y !== null ? [{ _id: id, name, x, y, image }] : [],
          );
          return (
            <section key={section.id} aria-label={label} className="mb-8">
              <h3 className="font-semibold">{label}</h3>
              {points.length > 0 ? (
                <div className="mt-3 max-w-xl">
                  <ReviewImages images={view.images} markers={points} maxWidth="36rem" />
                </div>
              ) : null}
              {section.videoUrl && !section.videoEmbed ? (
                <div className="mt-3">
                  <ReviewPlayer
                    video={reviewVideo(view, {
                      title: `${label} (video)`,
                      download: section.videoUrl,
                      status: section.videoStatus ?? null,
                    })}
                    markers={own.map(({ id, time, name }) => ({ _id: id, time, name }))}
                  />
                </div>
              ) : null}
              <ol className="mt-3 flex flex-col gap-3">
                {own.map((comment) => (
                  <li
                    key={comment.id}
                    className="rounded-md border border-black/15 p-3"
                    data-testid="owner-review-comment"
                  >
                    <p className="text-sm">
                      <span className="font-semibold">{comment.name}</span>
                      {comment.time !== null ? ` at ${formatTime(comment.time)}` : ""}
                      {comment.x !== null && comment.y !== null
                        ? ` on ${formatPoint(comment.x, comment.y, comment.image)} (marker ${
                            points.findIndex((point) => point._id === comment.id) + 1
                          })`
                        : ""}
                      <span className="text-muted"> · {dateTime(comment.createdAt)}</span>
                      {comment.resolvedAt ? <span className="text-muted"> · Resolved</span> : null}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{comment.text}</p>
                    <ReviewCommentActions
                      linkId={link.id}
                      commentId={comment.id}
                      reply={comment.reply}
                      resolved={comment.resolvedAt !== null}
                      author={comment.name}
                    />
                  </li>
                ))}
              </ol>
            </section>
          );
        }),
      )}

      <h2 className="mt-10 mb-4 text-xl font-semibold">Opens</h2>
      {opens.length === 0 ? (
        <p className="text-muted">Not opened yet.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="review-opens">
          <TableHead
            columns={[
              { label: "When", className: "py-1 pr-3" },
              { label: "Device", className: "py-1 pr-3" },
              { label: "Projects viewed", className: "py-1 pr-3" },
              { label: "Video played", className: "py-1" },
            ]}
          />
          <tbody>
            {opens.map((open) => (
              <tr key={open.id} className="border-t border-black/10">
                <td className="py-1 pr-3">{dateTime(open.openedAt)}</td>
                <td className="py-1 pr-3">{open.device}</td>
                <td className="py-1 pr-3">
                  {open.projectsViewed.map((pid) => titles.get(pid) ?? pid).join(", ") || "—"}
                </td>
                <td className="py-1">{formatTime(open.videoSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 className="mt-10 mb-4 text-xl font-semibold">Settings</h2>
      <ReviewLinkForm
        projects={allProjects.map(({ id, title, status }) => ({ id, title, status }))}
        link={{
          id: link.id,
          name: link.name,
          projectIds: link.projectIds,
          expiresAt: link.expiresAt?.toISOString() ?? null,
          hasPassword: link.passwordHash !== null,
          allowDownload: link.allowDownload,
        }}
      />
      <div className="mt-10">
        <RevokeReviewLink linkId={link.id} name={link.name} />
      </div>
    </OwnerPage>
  );
}
