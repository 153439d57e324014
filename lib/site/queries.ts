import "server-only";
import { unstable_cache } from "next/cache";
import { cache } from "react";
import { TAGS } from "@/lib/cache";
import {
  countProjectsByCategory,
  getAdjacentProjects,
  getProject,
  listProjectsByCategory,
  type Project,
} from "@/lib/data/projects";
import { listSections, type Section } from "@/lib/data/sections";
import { getSiteSettings } from "@/lib/data/settings";
import type { Category } from "@/lib/domain";

/*
 * The public pages' reads, kept in Next.js's data cache under the tags writes expire (lib/cache.ts):
 * a cached page re-renders without touching the database until a write purges its tags, and a
 * page rendered per request (search, About) reuses the same entries. React's cache() on top makes
 * a layout, generateMetadata and the page share one lookup per request.
 * unstable_cache stores JSON, so Date columns come back as strings and are revived here.
 */

type Dated = { createdAt: Date; updatedAt: Date };

function reviveDates<T extends Dated>(row: T): T {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

const orNull = (value: Date | null) => (value === null ? null : new Date(value));

/** A project's dates, its schedule's too (the visibility rule compares them with the clock). */
function reviveProjectDates(row: Project): Project {
  return {
    ...reviveDates(row),
    publishAt: orNull(row.publishAt),
    unpublishAt: orNull(row.unpublishAt),
  };
}

const reviveProject = (row: Project | null) => row && reviveProjectDates(row);

export const loadSiteSettings = cache(
  unstable_cache(getSiteSettings, ["site-settings"], { tags: [TAGS.settings] }),
);

export const loadProjectsByCategory = cache(
  async (category: Category | "all"): Promise<Project[]> => {
    const read = unstable_cache(listProjectsByCategory, ["projects-by-category"], {
      tags: [TAGS.projects],
    });
    return (await read(category)).map(reviveProjectDates);
  },
);

export const loadCategoryCounts = cache(
  unstable_cache(countProjectsByCategory, ["project-counts"], { tags: [TAGS.projects] }),
);

export const loadProject = cache(async (id: string): Promise<Project | null> => {
  const read = unstable_cache(getProject, ["project"], { tags: [TAGS.project(id)] });
  return reviveProject(await read(id));
});

/** Previous and next in list order: they change with the list, so they carry the list's tag. */
export const loadAdjacentProjects = cache(async (id: string) => {
  const read = unstable_cache(getAdjacentProjects, ["adjacent-projects"], {
    tags: [TAGS.projects, TAGS.project(id)],
  });
  const { previous, next } = await read(id);
  return { previous: reviveProject(previous), next: reviveProject(next) };
});

/** A project's sections; throws when a row is malformed so the page's error boundary answers. */
export const loadSections = cache(async (projectId: string): Promise<Section[]> => {
  const read = unstable_cache(listSections, ["sections"], { tags: [TAGS.project(projectId)] });
  const sections = (await read(projectId)).map(reviveDates);
  for (const section of sections) {
    if (!Array.isArray(section.images)) {
      throw new Error(`Section ${section.id} has malformed images`);
    }
  }
  return sections;
});
