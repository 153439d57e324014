import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { editableProject } from "@/components/owner/editable-project";
import { ProjectEditor } from "@/components/owner/project-editor";
import { VideoEncodingStatus } from "@/components/owner/video-encoding-status";
import { sectionInitial } from "@/components/owner/section-initial";
import { ProjectHeader, sectionViewData } from "@/components/sections/project-page";
import { SectionView } from "@/components/sections/section-view";
import { StatusBadge } from "@/components/sections/status-badge";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { getProject } from "@/lib/data/projects";
import { listSections } from "@/lib/data/sections";
import { getSiteSettings } from "@/lib/data/settings";
import { CONTENT_MAX } from "@/lib/site/content-width";
import { uploadedVideoView } from "@/lib/site/video-sources";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requireOwnerPage();
  const project = await getProject((await params).id);
  return { title: project ? `Edit ${project.title}` : "Project not found" };
}

/**
 * The project editor (docs/spec.md §2): the project page as the owner edits it, every
 * section drawn as on the page (with its video's encoding while it runs), the forms opened in place.
 */
export default async function EditProjectPage({ params }: { params: Params }) {
  await requireOwnerPage();
  const project = await getProject((await params).id);
  if (!project) notFound();
  const [sections, settings] = await Promise.all([listSections(project.id), getSiteSettings()]);
  return (
    <article className="mx-auto w-full max-w-(--column-max) px-5 pt-8 pb-20 sm:px-8">
      <div className="mb-10 flex flex-wrap items-center gap-3 text-sm">
        <Link
          href={`/sections/${project.id}`}
          prefetch={false}
          className="font-medium underline underline-offset-2"
        >
          ← View the project page
        </Link>
        {project.status !== "published" ? <StatusBadge status={project.status} /> : null}
        <span className="text-muted">Each change is saved as you make it.</span>
      </div>
      <ProjectEditor
        project={editableProject(project)}
        header={<ProjectHeader project={project} />}
        sections={sections.map((section, index) => ({
          id: section.id,
          label: section.title || `Section ${index + 1}`,
          initial: sectionInitial(section),
          preview: (
            <>
              {section.videoKey && section.videoStatus && section.videoStatus !== "ready" ? (
                <VideoEncodingStatus
                  key={`${section.videoKey} ${section.videoStatus}`}
                  owner={{ sectionId: section.id }}
                  initial={{ videoStatus: section.videoStatus, videoError: section.videoError }}
                  posterMeanwhile={!uploadedVideoView(section).videoUrl}
                  refreshPage
                />
              ) : null}
              <SectionView
                eager={index === 0}
                projectTitle={project.title}
                maxWidth={CONTENT_MAX[settings.contentWidth].column}
                section={sectionViewData(section, project)}
              />
            </>
          ),
        }))}
      />
    </article>
  );
}
