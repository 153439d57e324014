import type { Metadata } from "next";
import { AddProjectForm } from "@/components/owner/add-project-form";
import { OwnerPage } from "@/components/owner/owner-page";
import { requireOwnerPage } from "@/lib/auth/owner-page";

export const metadata: Metadata = { title: "Add New Project", robots: { index: false } };

export default async function AddProjectPage() {
  const user = await requireOwnerPage();
  return (
    <OwnerPage
      title="Add New Project"
      intro="Cover image, title, role and category are required; fields marked (optional) are not. Sections come next."
    >
      <AddProjectForm userId={user.id} />
    </OwnerPage>
  );
}
