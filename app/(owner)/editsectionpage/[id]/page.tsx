import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnerPage } from "@/components/owner/owner-page";
import { SectionForm } from "@/components/owner/section-form";
import { sectionInitial } from "@/components/owner/section-initial";
import { VideoEncodingStatus } from "@/components/owner/video-encoding-status";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { getProject } from "@/lib/data/projects";
import { getSection } from "@/lib/data/sections";
import { uploadedVideoView } from "@/lib/site/video-sources";

export const metadata: Metadata = { title: "Edit Section", robots: { index: false } };

export default async function EditSectionPage({ params }: { params: Promise<{ id: string }> }) {
  await requireOwnerPage();
  const { id } = await params;
  const section = await getSection(id);
  if (!section) notFound();
  const project = await getProject(section.projectId);
  const projectTitle = project?.title ?? "the project";
  return (
    <OwnerPage
      title="Edit Section"
      intro={`In “${projectTitle}”.`}
      back={{ href: `/sections/${section.projectId}`, label: `Back to ${projectTitle}` }}
    >
      {section.videoKey && section.videoStatus && section.videoStatus !== "ready" ? (
        <VideoEncodingStatus
          owner={{ sectionId: section.id }}
          initial={{ videoStatus: section.videoStatus, videoError: section.videoError }}
          posterMeanwhile={!uploadedVideoView(section).videoUrl}
        />
      ) : null}
      <SectionForm mode="edit" projectId={section.projectId} initial={sectionInitial(section)} />
    </OwnerPage>
  );
}
