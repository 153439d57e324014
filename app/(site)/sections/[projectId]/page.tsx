import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/layout/json-ld";
import { AddSectionButton } from "@/components/owner/add-section-button";
import { SectionActions } from "@/components/owner/section-actions";
import { SectionOrder } from "@/components/owner/section-order";
import { ProjectPager } from "@/components/sections/project-pager";
import { ScrollToTop } from "@/components/sections/scroll-to-top";
import { SectionView } from "@/components/sections/section-view";
import { formatCategory } from "@/lib/validation/categories";
import { toLayout } from "@/lib/validation/layout";
import { projectJsonLd } from "@/lib/site/json-ld";
import {
  loadAdjacentProjects,
  loadProject,
  loadSections,
  loadSiteSettings,
} from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";

type Params = Promise<{ projectId: string }>;

/*
 * Rendered on a project's first visit, then served from the cache until a write expires its
 * `project:<id>`, `projects` or `settings` tag (lib/cache.ts). Nothing is prerendered at build: the
 * build must not open the data directory. Owner controls are client leaves (SignedInOnly), so one
 * rendering serves visitors and the owner alike.
 */
export function generateStaticParams(): { projectId: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { projectId } = await params;
  const [project, settings] = await Promise.all([loadProject(projectId), loadSiteSettings()]);
  if (!project) return { title: "Project not found", robots: { index: false } };
  // The owner's summary when there is one (issue 17), else a sentence made of the fields.
  const description =
    project.summary ??
    `${project.title}: ${formatCategory(project.category)} by ${settings.ownerName} (${project.role}).`;
  const image = { url: project.coverUrl, alt: project.title };
  return {
    title: project.title,
    description,
    alternates: { canonical: `/sections/${project.id}` },
    openGraph: { type: "article", title: project.title, description, images: [image] },
    twitter: { card: "summary_large_image", title: project.title, description, images: [image] },
  };
}

export default async function ProjectPage({ params }: { params: Params }) {
  const { projectId } = await params;
  const project = await loadProject(projectId);
  if (!project) notFound();
  const [sections, { previous, next }, settings] = await Promise.all([
    loadSections(project.id),
    loadAdjacentProjects(project.id),
    loadSiteSettings(),
  ]);
  const siteUrl = getCachedSiteUrl();

  return (
    <article className="mx-auto max-w-6xl px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      <JsonLd data={projectJsonLd(project, settings, siteUrl)} />
      <header className="mb-12 max-w-3xl sm:mb-16">
        <p className="text-accent text-sm font-medium tracking-wide uppercase">
          {formatCategory(project.category)}
        </p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {project.title}
        </h1>
        <p className="text-muted mt-3 text-lg">{project.role}</p>
        {project.year || project.client ? (
          <p className="text-muted mt-1">
            {[project.year, project.client].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        {project.summary ? (
          <p className="mt-5 text-lg leading-relaxed whitespace-pre-line">{project.summary}</p>
        ) : null}
      </header>

      {sections.length > 0 ? (
        <div className="flex flex-col gap-16 sm:gap-24">
          {sections.map((section, index) => (
            <SectionView
              key={section.id}
              eager={index === 0}
              projectTitle={project.title}
              ownerActions={
                <SectionActions section={{ id: section.id, title: section.title }} index={index} />
              }
              section={{
                id: section.id,
                title: section.title,
                description: section.description,
                images: section.images.map(({ url, width, height, alt, focalX, focalY }) => ({
                  url,
                  width,
                  height,
                  alt: alt || `${project.title}, image`,
                  focalX,
                  focalY,
                })),
                videoUrl: section.videoUrl,
                videoEmbed: section.videoEmbed,
                layout: toLayout(section.layout),
                playback: section.videoPlayback ?? "player",
                poster: section.posterUrl,
              }}
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

      <ProjectPager
        previous={previous && { id: previous.id, title: previous.title }}
        next={next && { id: next.id, title: next.title }}
      />
      <ScrollToTop />
    </article>
  );
}
