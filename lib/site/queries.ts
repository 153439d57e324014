import "server-only";
import { cache } from "react";
import { getAdjacentProjects, getProject } from "@/lib/data/projects";
import { listSections, type Section } from "@/lib/data/sections";
import { getSiteSettings } from "@/lib/data/settings";

/*
 * Per-request memoised reads for the public pages: a layout, generateMetadata and the page all ask
 * for the same rows, and React's cache() makes that one query each.
 */
export const loadSiteSettings = cache(getSiteSettings);
export const loadProject = cache(getProject);

export const loadAdjacentProjects = cache(getAdjacentProjects);

/** A project's sections; throws when a row is malformed so the page's error boundary answers. */
export const loadSections = cache(async (projectId: string): Promise<Section[]> => {
  const sections = await listSections(projectId);
  for (const section of sections) {
    if (!Array.isArray(section.images)) {
      throw new Error(`Section ${section.id} has malformed images`);
    }
  }
  return sections;
});
