import "server-only";
import { CONTENT_MAX } from "@/lib/site/content-width";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/layout/json-ld";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { AddSectionButton } from "@/components/owner/add-section-button";
import { SectionActions } from "@/components/owner/section-actions";
import { SectionOrder } from "@/components/owner/section-order";
import { ProjectPager } from "@/components/sections/project-pager";
import { LockedProject } from "@/components/sections/locked-project";
import { ScrollToTop } from "@/components/sections/scroll-to-top";
import { SectionView, type SectionViewData } from "@/components/sections/section-view";
import { StatusBadge } from "@/components/sections/status-badge";
import type { Project } from "@/lib/data/projects";
import type { Section } from "@/lib/data/sections";
import { isIndexable, onSchedule, visibilityFor, type Visibility } from "@/lib/data/visibility";
import { formatCategory, toLayout } from "@/lib/domain";
import { statusMessages } from "@/lib/validation/messages";
import { projectJsonLd } from "@/lib/site/json-ld";
import { unlockedProjects } from "@/lib/site/project-access";
import {
  loadAdjacentProjects,
  loadProject,
  loadSections,
  loadSiteSettings,
} from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { uploadedVideoView } from "@/lib/site/video-sources";
import { contactPageTexts } from "@/lib/validation/contact-page";

/*
 * A project page for one kind of reader (docs/spec.md §11). Two routes render it:
 * - app/(site)/sections/[projectId]: cached, the same page for every visitor. It never knows a
 *   session or an access cookie, so it renders the visitor's view: a draft is a 404, a protected
 *   project the password form and nothing else.
 * - app/(site)/sections-for/[projectId]: rendered per request, never cached. next.config.ts sends
 *   `/sections/{id}` there when the request carries a session or a project access cookie
 *   (lib/site/routing-rules.ts), and it reads both: the owner sees every status (marked, with
 *   "View as visitor"), a browser that gave the right password sees that protected project.
 * So the cached copy can only ever hold the visitor's view, whoever asked first.
 */

export type PageReader = {
  /** The signed-in owner (their session verified). */
  owner: boolean;
  /** The owner's "View as visitor". */
  asVisitor?: boolean;
  /** The project access cookie's value (protected projects opened with their password). */
  accessCookie?: string;
};

export const VISITOR: PageReader = { owner: false };

async function resolve(
  projectId: string,
  reader: PageReader,
): Promise<{ project: Project; visibility: Visibility } | null> {
  const project = await loadProject(projectId);
  if (!project) return null;
  const audience = reader.owner && !reader.asVisitor ? "owner" : "visitor";
  const unlocked = unlockedProjects(reader.accessCookie, [project]);
  return { project, visibility: visibilityFor(project, audience, unlocked) };
}

export async function projectPageMetadata(
  projectId: string,
  reader: PageReader,
): Promise<Metadata> {
  const [resolved, settings] = await Promise.all([resolve(projectId, reader), loadSiteSettings()]);
  if (!resolved || resolved.visibility === "hidden")
    // A visitor gets the site's 404 page, titled as for any other unknown address; its noindex
    // comes from app/(site)/not-found (a second one here put two robots tags in the page). The
    // owner's "View as visitor" of a draft is a page of its own.
    return reader.owner
      ? { title: "Project not found", robots: { index: false } }
      : { title: "Page not found" };
  const { project } = resolved;
  // Unlisted, protected and draft pages are never indexed (§11).
  const robots = isIndexable(project) ? undefined : { index: false, follow: false };
  if (resolved.visibility === "locked") return { title: statusMessages.protectedTitle, robots };
  // The owner's summary when there is one, else a sentence made of the fields.
  const description =
    project.summary ??
    `${project.title}: ${formatCategory(project.category)} by ${settings.ownerName} (${project.role}).`;
  const image = { url: project.coverUrl, alt: project.title };
  return {
    title: project.title,
    description,
    robots,
    alternates: { canonical: `/sections/${project.id}` },
    openGraph: { type: "article", title: project.title, description, images: [image] },
    twitter: { card: "summary_large_image", title: project.title, description, images: [image] },
  };
}

/** The owner's bar on a project that is not published: its status and the visitor's view. */
function OwnerStatusBar({ project, asVisitor }: { project: Project; asVisitor: boolean }) {
  return (
    <div className="mx-auto flex max-w-(--column-max) flex-wrap items-center gap-3 px-5 pt-6 sm:px-8">
      <StatusBadge status={project.status} />
      <span className="text-muted text-sm">
        {asVisitor ? "You are seeing what a visitor sees." : "Only you see this page as it is."}
      </span>
      <Link
        href={asVisitor ? `/sections/${project.id}` : `/sections/${project.id}?view=visitor`}
        className="text-sm font-medium underline underline-offset-4"
        prefetch={false}
      >
        {asVisitor ? statusMessages.viewAsOwner : statusMessages.viewAsVisitor}
      </Link>
    </div>
  );
}

export async function ProjectPageContent({
  projectId,
  reader,
}: {
  projectId: string;
  reader: PageReader;
}) {
  const resolved = await resolve(projectId, reader);
  if (!resolved) notFound();
  const { project, visibility } = resolved;
  const ownerBar =
    reader.owner && project.status !== "published" ? (
      <OwnerStatusBar project={project} asVisitor={Boolean(reader.asVisitor)} />
    ) : null;
  if (visibility === "hidden") {
    // The owner's "View as visitor" of a draft: the visitor's 404, with the way back.
    if (!ownerBar) notFound();
    return (
      <>
        {ownerBar}
        <NotFoundMessage />
      </>
    );
  }
  if (visibility === "locked")
    return (
      <>
        {ownerBar}
        <LockedProject projectId={project.id} />
      </>
    );
  return (
    <>
      {ownerBar}
      <ProjectArticle project={project} editable={reader.owner && !reader.asVisitor} />
    </>
  );
}

/**
 * The project's category, title, role, year, client and summary; `children` close it. The title
 * is the page's h1, or an h2 where it is one project of several (a review page's).
 */
export function ProjectHeader({
  project,
  className = "",
  heading: Heading = "h1",
  children,
}: {
  project: Project;
  className?: string;
  heading?: "h1" | "h2";
  children?: React.ReactNode;
}) {
  return (
    <header className={`max-w-3xl ${className}`}>
      <p className="text-accent text-sm font-medium tracking-wide uppercase">
        {formatCategory(project.category)}
      </p>
      <Heading className="mt-2 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
        {project.title}
      </Heading>
      <p className="text-muted mt-3 text-lg">{project.role}</p>
      {project.year || project.client ? (
        <p className="text-muted mt-1">
          {[project.year, project.client].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      {project.summary ? (
        <p className="mt-5 text-lg leading-relaxed whitespace-pre-line">{project.summary}</p>
      ) : null}
      {children}
    </header>
  );
}

/**
 * A project's media URL as its pages link it. A draft's or protected project's local files, and
 * those of a project its schedule hides now, are read by the browser itself, with its cookies,
 * past the image optimizer (whose fetches carry none, and whose copies anyone with the URL could
 * read): app/media checks who asks (docs/spec.md §11), told by `query` (the owner's `private`, or a
 * review link's token).
 */
export function restrictedMediaUrl(project: Project, query = "private") {
  const restricted =
    project.status === "draft" || project.status === "protected" || !onSchedule(project);
  return (url: string) =>
    restricted && url.startsWith("/media/") && !url.includes("?") ? `${url}?${query}` : url;
}

/** What SectionView shows of a stored section (the project page, the owner's editor, review pages). */
export function sectionViewData(
  section: Section,
  project: Project,
  /** The query that asks app/media for a restricted file: the owner's or a review link's. */
  restrictedQuery = "private",
): SectionViewData {
  const mediaUrl = restrictedMediaUrl(project, restrictedQuery);
  return {
    id: section.id,
    title: section.title,
    description: section.description,
    images: section.images.map((image, index, all) => ({
      url: mediaUrl(image.url),
      width: image.width,
      height: image.height,
      // Without the owner's words, at least where it is: each image's name differs.
      alt:
        image.alt ||
        `${project.title}${section.title ? `: ${section.title}` : ""}, image ${index + 1} of ${all.length}`,
      focalX: image.focalX,
      focalY: image.focalY,
      placeholder: image.placeholder ?? null,
    })),
    ...uploadedVideoView(section, mediaUrl),
    videoEmbed: section.videoEmbed,
    layout: toLayout(section.layout),
    playback: section.videoPlayback ?? "player",
    poster: section.posterUrl && mediaUrl(section.posterUrl),
    posterPlaceholder: section.posterPlaceholder,
  };
}

/** `editable`: the signed-in owner's page, with its "Edit project" link to the editor. */
async function ProjectArticle({ project, editable }: { project: Project; editable: boolean }) {
  const [sections, { previous, next }, settings] = await Promise.all([
    loadSections(project.id),
    loadAdjacentProjects(project.id),
    loadSiteSettings(),
  ]);
  const siteUrl = getCachedSiteUrl();

  return (
    <article className="mx-auto max-w-(--column-max) px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      {/* Structured data for published projects only: the others are not for search engines. */}
      {isIndexable(project) ? (
        <JsonLd data={projectJsonLd(project, settings, siteUrl, sections)} />
      ) : null}
      <ProjectHeader project={project} className="mb-12 sm:mb-16">
        {editable ? (
          <Link
            href={`/editproject/${project.id}`}
            prefetch={false}
            className="bg-ink mt-6 inline-flex rounded-md px-4 py-2 font-medium text-white hover:bg-black"
          >
            Edit project
          </Link>
        ) : null}
      </ProjectHeader>

      {sections.length > 0 ? (
        <div className="flex flex-col gap-16 sm:gap-24">
          {sections.map((section, index) => (
            <SectionView
              key={section.id}
              eager={index === 0}
              projectTitle={project.title}
              maxWidth={CONTENT_MAX[settings.contentWidth].column}
              ownerActions={
                <SectionActions section={{ id: section.id, title: section.title }} index={index} />
              }
              section={sectionViewData(section, project)}
            />
          ))}
        </div>
      ) : (
        <div className="text-muted flex flex-col items-center gap-6 rounded-sm border border-dashed border-black/20 px-6 py-16 text-center">
          <p>No sections available for this project.</p>
          <AddSectionButton projectId={project.id} />
        </div>
      )}
      {sections.length > 0 ? (
        <div className="mt-16 flex flex-col items-center gap-6">
          <AddSectionButton projectId={project.id} />
          <SectionOrder
            projectId={project.id}
            projectTitle={project.title}
            sections={sections.map(({ id, title }) => ({ id, title }))}
          />
        </div>
      ) : null}

      <p className="mt-16 text-center">
        {/* Carries the project along (docs/spec.md §12); the form's page is not prefetched. */}
        <Link
          href={`/contact?project=${project.id}`}
          prefetch={false}
          className="border-ink hover:bg-ink inline-block rounded-md border px-5 py-2.5 font-medium hover:text-white"
        >
          {contactPageTexts.askAboutProject}
        </Link>
      </p>
      <ProjectPager
        previous={previous && { id: previous.id, title: previous.title }}
        next={next && { id: next.id, title: next.title }}
      />
      <ScrollToTop />
    </article>
  );
}
