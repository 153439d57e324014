import { ProjectCardActions } from "@/components/owner/project-card-actions";
import { desktopSpans } from "./grid-spans";
import { ProjectCard, type ProjectCardData } from "./project-card";
import { CoverLoops } from "./cover-loops";
import { editableProject } from "@/components/owner/editable-project";

/** Cards in the gallery's grid: one column on phones, two on tablets, the 4-column rhythm on desktop. */
export function ProjectGrid({
  projects,
  id,
  maxWidth,
}: {
  projects: ProjectCardData[];
  id?: string;
  /** The grid's largest width (components/layout/content-width.ts), for the covers' `sizes`. */
  maxWidth?: string;
}) {
  const spans = desktopSpans(projects.length);
  const gridId = id ?? "projects";
  // The cover loops' script only where a card has one (issue 18 item 3).
  const loops = projects.some((project) => project.coverVideoUrl);
  return (
    <>
      <ul
        id={gridId}
        aria-label="Projects"
        className="grid grid-cols-1 gap-3 sm:auto-rows-[18rem] sm:grid-cols-2 lg:auto-rows-[22rem] lg:grid-cols-4 xl:auto-rows-[26rem]"
      >
        {projects.map((project, index) => (
          <ProjectCard
            key={project.id}
            project={project}
            index={index}
            count={projects.length}
            span={spans[index] ?? 1}
            eager={index < 2}
            preload={index === 0}
            maxWidth={maxWidth}
            ownerActions={<ProjectCardActions project={editableProject(project)} />}
          />
        ))}
      </ul>
      {loops ? <CoverLoops gridId={gridId} /> : null}
    </>
  );
}
