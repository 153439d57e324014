import Link from "next/link";
import { listProjects } from "@/lib/data/projects";
import { listSections } from "@/lib/data/sections";
import { formatCategory, objectPosition, STATUS_LABELS } from "@/lib/domain";
import { ScheduleBadge, StatusBadge } from "@/components/sections/status-badge";
import { onSchedule } from "@/lib/data/visibility";
import { CoverThumb } from "@/components/ui/cover-thumb";
import { restrictedMediaUrl } from "@/components/sections/project-page";
import { editableProject } from "@/components/owner/editable-project";
import { DashboardProjects, type DashboardRow } from "./dashboard-projects";
import { ProjectQuickActions } from "./project-quick-actions";

const linkClass = "font-medium underline underline-offset-2 hover:text-accent";

/** The thumbnail's rendered width in CSS pixels (w-20), for next/image's `sizes`. */
const THUMB_SIZES = "80px";

/**
 * Every project, whatever its status (docs/spec.md §11, marked by a badge unless published), with
 * its cover thumbnail, category and section count, links to view it, add a section and edit each
 * of its sections, and quick actions (edit, status, delete); a filter by status; the owner drags
 * them into order by their Reorder handles.
 *
 * The thumbnail's alt is empty: the title is the link right beside it, so a screen reader hears
 * the project's name once, not twice. A cover visitors may not read (draft, protected, off
 * schedule) is linked as its project's pages link it, read by the browser with the owner's cookies
 * past the image optimizer (restrictedMediaUrl).
 */
export async function DashboardProjectList() {
  const projects = await listProjects("owner");
  const sections = await Promise.all(projects.map((project) => listSections(project.id)));
  const rows: DashboardRow[] = projects.toReversed().map((project) => {
    const own = sections[projects.indexOf(project)] ?? [];
    return {
      id: project.id,
      label: project.title,
      status: project.status,
      content: (
        <div className="space-y-3 p-4" data-testid="dashboard-project">
          <div className="flex items-start gap-3">
            <CoverThumb
              src={restrictedMediaUrl(project)(project.coverUrl)}
              position={objectPosition({ x: project.coverFocalX, y: project.coverFocalY })}
              sizes={THUMB_SIZES}
              className="w-20 shrink-0 overflow-hidden rounded-sm"
              data-testid="dashboard-thumbnail"
            />
            <div className="min-w-0 flex-1 space-y-1">
              <h3 className="flex flex-wrap items-center gap-2 text-lg leading-snug font-semibold">
                <Link href={`/sections/${project.id}`} className="break-words hover:underline">
                  {project.title}
                </Link>
                {project.status !== "published" ? (
                  <StatusBadge status={project.status} />
                ) : (
                  <span className="sr-only">({STATUS_LABELS.published})</span>
                )}
                {onSchedule(project) ? null : <ScheduleBadge publishAt={project.publishAt} />}
              </h3>
              <p className="text-muted text-sm" data-testid="dashboard-project-meta">
                {formatCategory(project.category)} · {own.length}{" "}
                {own.length === 1 ? "section" : "sections"}
              </p>
            </div>
          </div>
          {own.length > 0 ? (
            <ol className="list-decimal space-y-1 pl-6 text-sm">
              {own.map((section, index) => (
                <li key={section.id}>
                  <span className="break-words">{section.title || `Section ${index + 1}`}</span>{" "}
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
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <ProjectQuickActions
              project={editableProject(project)}
              status={project.status}
              version={project.version}
            />
            <Link
              href={`/editproject/${project.id}`}
              className={`${linkClass} text-sm`}
              aria-label={`Edit project ${project.title}`}
            >
              Edit project
            </Link>
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
  });
  return (
    <section aria-labelledby="dashboard-projects" className="space-y-4">
      <h2 id="dashboard-projects" className="text-2xl font-semibold tracking-tight">
        Projects
      </h2>
      {projects.length === 0 ? (
        <p className="text-muted">No projects yet. Add your first project to start the gallery.</p>
      ) : (
        <DashboardProjects rows={rows} />
      )}
    </section>
  );
}
