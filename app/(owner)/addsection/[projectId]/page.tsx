import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnerPage } from "@/components/owner/owner-page";
import { SectionForm } from "@/components/owner/section-form";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { getProject } from "@/lib/data/projects";

export const metadata: Metadata = { title: "Add New Section", robots: { index: false } };

export default async function AddSectionPage({
  params,
}: {
  params: Promise<{ projectId: string }>;
}) {
  await requireOwnerPage();
  const { projectId } = await params;
  const project = await getProject(projectId);
  if (!project) notFound();
  return (
    <OwnerPage
      title="Add New Section"
      intro={`To “${project.title}”. Fill in at least one field.`}
      back={{ href: `/sections/${project.id}`, label: `Back to ${project.title}` }}
    >
      <SectionForm mode="add" projectId={project.id} />
    </OwnerPage>
  );
}
