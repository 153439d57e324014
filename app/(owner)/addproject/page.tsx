import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AddProjectForm } from "@/components/owner/add-project-form";
import { OwnerPage } from "@/components/owner/owner-page";
import { getUser } from "@/lib/auth";

export const metadata: Metadata = { title: "Add New Project", robots: { index: false } };

export default async function AddProjectPage() {
  const user = await getUser();
  if (!user) redirect("/signin");
  // A signed-in account without owner rights is told so on the dashboard.
  if (!user.isOwner) redirect("/dashboard");
  return (
    <OwnerPage title="Add New Project" intro="Every field is required. Sections come next.">
      <AddProjectForm userId={user.id} />
    </OwnerPage>
  );
}
