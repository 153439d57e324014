import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listProjects } from "@/lib/data/projects";
import { getSiteUrl } from "@/lib/site/site-url";

/** Rendered per request (it reads the database, which `next build` must never open). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [projects, siteUrl] = await Promise.all([listProjects(), getSiteUrl()]);
  const at = (path: string) => new URL(path, siteUrl).toString();
  const latest = projects.reduce<Date | undefined>(
    (max, project) => (!max || project.updatedAt > max ? project.updatedAt : max),
    undefined,
  );
  return [
    { url: at("/"), lastModified: latest, changeFrequency: "weekly", priority: 1 },
    { url: at("/reel"), changeFrequency: "monthly", priority: 0.8 },
    { url: at("/about"), changeFrequency: "monthly", priority: 0.8 },
    ...projects.map((project) => ({
      url: at(`/sections/${project.id}`),
      lastModified: project.updatedAt,
      changeFrequency: "monthly" as const,
      priority: 0.7,
    })),
  ];
}
