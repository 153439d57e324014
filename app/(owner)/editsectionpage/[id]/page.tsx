import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnerPage } from "@/components/owner/owner-page";
import { toLayout } from "@/lib/domain";
import { DEFAULT_FOCAL } from "@/lib/validation/focal";
import { SectionForm } from "@/components/owner/section-form";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { getProject } from "@/lib/data/projects";
import { getSection } from "@/lib/data/sections";

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
      <SectionForm
        mode="edit"
        projectId={section.projectId}
        initial={{
          id: section.id,
          title: section.title,
          description: section.description,
          images: section.images.map(({ url, alt, focalX, focalY }) => ({
            url,
            alt,
            focal: { x: focalX ?? DEFAULT_FOCAL.x, y: focalY ?? DEFAULT_FOCAL.y },
          })),
          video: section.videoUrl ?? "",
          videoEmbed: section.videoEmbed ?? "",
          layout: toLayout(section.layout),
          playback: section.videoPlayback ?? "player",
          poster: section.posterUrl ?? "",
          version: section.version,
        }}
      />
    </OwnerPage>
  );
}
