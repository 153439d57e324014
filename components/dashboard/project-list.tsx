import Link from "next/link";
import { listProjects } from "@/lib/data/projects";
import { listSections } from "@/lib/data/sections";
import { ProjectOrder } from "@/components/owner/project-order";
import { formatCategory } from "@/lib/validation/categories";
import { STATUS_LABELS } from "@/lib/validation/status";
import { StatusBadge } from "@/components/sections/status-badge";
import { DashboardProjectEdit } from "@/components/owner/dashboard-project-edit";
import { editableProject } from "@/components/owner/editable-project";

const linkClass = "font-medium underline underline-offset-2 hover:text-accent";

/**
 * Every project, whatever its status (docs/spec.md §11, marked by a badge unless published), with
 * links to view it, add a section and edit each of its sections; the owner drags them into order
 * by their Reorder handles (issue 17).
 */
export async function DashboardProjectList() {
  const projects = await listProjects("owner");
  const sections = await Promise.all(projects.map((project) => listSections(project.id)));
  return (
    <section aria-labelledby="dashboard-projects" className="space-y-4">
      <h2 id="dashboard-projects" className="text-2xl font-semibold tracking-tight">
        Projects
      </h2>
      {projects.length === 0 ? (
        <p className="text-muted">No projects yet. Add your first project to start the gallery.</p>
      ) : (
        <ProjectOrder
          items={projects.toReversed().map((project) => {
            const own = sections[projects.indexOf(project)] ?? [];
            return {
              id: project.id,
              label: project.title,
              content: (
                <div className="space-y-2 p-4" data-testid="dashboard-project">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                      <Link href={`/sections/${project.id}`} className="hover:underline">
                        {project.title}
                      </Link>
                      {project.status !== "published" ? (
                        <StatusBadge status={project.status} />
                      ) : (
                        <span className="sr-only">({STATUS_LABELS.published})</span>
                      )}
                    </h3>
                    <span className="text-muted text-sm">
                      {formatCategory(project.category)} · {own.length}{" "}
                      {own.length === 1 ? "section" : "sections"}
                    </span>
                  </div>
                  {own.length > 0 ? (
                    <ol className="list-decimal space-y-1 pl-6 text-sm">
                      {own.map((section, index) => (
                        <li key={section.id}>
                          <span>{section.title || `Section ${index + 1}`}</span>{" "}
                          <Link
                            href={`/editsectionpage/${section.id}`}
                            className={linkClass}
                            aria-label={`Edit section ${section.title || index + 1} of ${project.title}`}
                          >
                            Edit
                          </Link>
                        </li>
                      ))}
                    </ol>
                  ) : null}
                  <div className="flex flex-wrap gap-4">
                    <DashboardProjectEdit project={editableProject(project)} />
                    <Link
                      href={`/addsection/${project.id}`}
                      className={`${linkClass} text-sm`}
                      aria-label={`Add section to ${project.title}`}
                    >
                      Add section
                    </Link>
                  </div>
                </div>
              ),
            };
          })}
        />
      )}
    </section>
  );
}
