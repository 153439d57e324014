import type { Metadata } from "next";
import { OwnerPage } from "@/components/owner/owner-page";
import { TrashList } from "@/components/owner/trash-list";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { listTrash } from "@/lib/data/trash";
import { purgeExpiredTrash } from "@/lib/trash/purge";
import { formatCategory } from "@/lib/domain";
import { TRASH_RETENTION_DAYS } from "@/lib/validation/limits";

export const metadata: Metadata = { title: "Trash", robots: { index: false } };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's Trash (docs/spec.md §10): trashed projects and sections, Restore or Delete forever. */
export default async function TrashPage() {
  await requireOwnerPage();
  // Lazily on the owner's read, so nothing past its 30 days is ever listed.
  await purgeExpiredTrash().catch((error: unknown) => {
    console.error(`Trash purge failed: ${(error as Error).message}`);
  });
  const trash = await listTrash();
  const purgeDate = (deletedAt: Date | null) =>
    new Date((deletedAt?.getTime() ?? 0) + TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  return (
    <OwnerPage
      title="Trash"
      intro={`Deleted projects and sections stay here for ${TRASH_RETENTION_DAYS} days, then they are deleted for good with their media.`}
      back={{ href: "/dashboard", label: "Back to the dashboard" }}
    >
      <TrashList
        projects={trash.projects.map((project) => ({
          id: project.id,
          title: project.title,
          detail: formatCategory(project.category),
          purgeAt: purgeDate(project.deletedAt),
        }))}
        sections={trash.sections.map((section, index) => ({
          id: section.id,
          title: section.title || `Untitled section ${index + 1}`,
          detail: `In “${section.projectTitle}”`,
          purgeAt: purgeDate(section.deletedAt),
        }))}
      />
    </OwnerPage>
  );
}
