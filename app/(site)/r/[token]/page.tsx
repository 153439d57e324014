import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { SectionView } from "@/components/sections/section-view";
import { ProtectedProjectForm } from "@/components/sections/protected-project-form";
import { ReviewSection, ReviewVisit } from "@/components/sections/review-client";
import type { Project } from "@/lib/data/projects";
import {
  getReviewLinkByToken,
  linkState,
  listLinkProjects,
  listReviewComments,
  toReviewCommentJson,
  type ReviewLink,
} from "@/lib/data/review-links";
import { listSections } from "@/lib/data/sections";
import {
  ProjectHeader,
  restrictedMediaUrl,
  sectionViewData,
} from "@/components/sections/project-page";
import { CONTENT_MAX } from "@/lib/site/content-width";
import { loadSiteSettings } from "@/lib/site/queries";
import { reviewVideo } from "@/lib/site/video-sources";
import { REVIEW_ACCESS_COOKIE, reviewUnlocked } from "@/lib/site/review-access";
import { reviewMessages } from "@/lib/validation/review";

/*
 * A client review link (docs/spec.md §13): exactly the link's projects, in its order, in the
 * site's layout under a "Private review for …" bar, with the reviewer's comments. Rendered per
 * request and never cached or indexed. proxy.ts answers an expired link with its 410 page before
 * this runs; an unknown or revoked token is the site's 404.
 */
export const dynamic = "force-dynamic";

type Params = Promise<{ token: string }>;

export const metadata: Metadata = {
  title: "Private review",
  robots: { index: false, follow: false },
  // The token is the URL's secret: never sent on to another site.
  referrer: "no-referrer",
};

async function openLink(token: string): Promise<ReviewLink> {
  const link = await getReviewLinkByToken(token);
  if (linkState(link) === "unknown" || !link) notFound();
  return link;
}

export default async function ReviewPage({ params }: { params: Params }) {
  const { token } = await params;
  const link = await openLink(token);
  if (linkState(link) === "expired")
    return (
      <div className="mx-auto max-w-md px-5 py-20 sm:px-8">
        <h1 className="text-3xl font-semibold tracking-tight">{reviewMessages.linkExpired}</h1>
      </div>
    );
  const jar = await cookies();
  const bar = (
    <div className="bg-ink px-5 py-2 text-center text-sm text-white" data-testid="review-bar">
      {`Private review for ${link.name}`}
    </div>
  );
  if (!reviewUnlocked(jar.get(REVIEW_ACCESS_COOKIE)?.value, link))
    return (
      <>
        {bar}
        <Suspense>
          <ProtectedProjectForm reviewToken={token} />
        </Suspense>
      </>
    );
  const [projects, comments, settings] = await Promise.all([
    listLinkProjects(link),
    listReviewComments(link.id),
    loadSiteSettings(),
  ]);
  const sections = await Promise.all(projects.map((project) => listSections(project.id)));
  const commentJson = comments.map(toReviewCommentJson);
  return (
    <>
      {bar}
      <ReviewVisit token={token} />
      {projects.length > 1 ? (
        <nav
          aria-label="Projects in this review"
          className="mx-auto max-w-(--column-max) px-5 pt-8 sm:px-8"
        >
          <ol className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {projects.map((project) => (
              <li key={project.id}>
                <a href={`#project-${project.id}`} className="underline underline-offset-4">
                  {project.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {projects.map((project, index) => (
        <ReviewedProject
          key={project.id}
          token={token}
          link={link}
          project={project}
          sections={sections[index] ?? []}
          comments={commentJson}
          ownerName={settings.ownerName}
          maxWidth={CONTENT_MAX[settings.contentWidth].column}
          first={index === 0}
        />
      ))}
    </>
  );
}

function ReviewedProject({
  token,
  link,
  project,
  sections,
  comments,
  ownerName,
  maxWidth,
  first,
}: {
  token: string;
  link: ReviewLink;
  project: Project;
  sections: Awaited<ReturnType<typeof listSections>>;
  comments: ReturnType<typeof toReviewCommentJson>[];
  ownerName: string;
  maxWidth: string;
  first: boolean;
}) {
  const reviewQuery = `review=${encodeURIComponent(token)}`;
  const mediaUrl = restrictedMediaUrl(project, reviewQuery);
  return (
    <article
      id={`project-${project.id}`}
      data-review-project={project.id}
      className="mx-auto max-w-(--column-max) px-5 pt-12 pb-16 sm:px-8"
    >
      <ProjectHeader project={project} heading={first ? "h1" : "h2"} className="mb-10" />
      <div className="flex flex-col gap-16">
        {sections.map((section, index) => {
          const title = section.title || `${project.title}, section ${index + 1}`;
          const view = sectionViewData(section, project, reviewQuery);
          const video =
            section.videoUrl && !section.videoEmbed
              ? reviewVideo(view, {
                  title: `${section.title || project.title} (video)`,
                  download: link.allowDownload ? mediaUrl(section.videoUrl) : null,
                  status: section.videoStatus ?? null,
                })
              : null;
          return (
            <div key={section.id} className="flex flex-col gap-6">
              <SectionView
                projectTitle={project.title}
                maxWidth={maxWidth}
                section={{
                  ...view,
                  // The review's own images and player (with the comments' markers) show them.
                  images: [],
                  videoUrl: null,
                  videoRenditions: undefined,
                  // A Vimeo section's facade here shows Vimeo's own still, not the owner's poster.
                  poster: undefined,
                  posterPlaceholder: undefined,
                }}
              />
              {link.allowDownload && section.images.length > 0 ? (
                <ul className="flex flex-wrap gap-4 text-sm">
                  {section.images.map((image, n) => (
                    <li key={image.url}>
                      <a href={mediaUrl(image.url)} download className="underline">
                        Download image {n + 1}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <ReviewSection
                token={token}
                sectionId={section.id}
                label={title}
                video={video}
                images={view.images.map(({ url, alt, width, height }) => ({
                  url,
                  alt,
                  width,
                  height,
                }))}
                priority={first && index === 0}
                maxWidth={maxWidth}
                ownerName={ownerName}
                initialComments={comments.filter((comment) => comment.sectionId === section.id)}
              />
            </div>
          );
        })}
      </div>
    </article>
  );
}
