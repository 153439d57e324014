import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { loadProjectsByCategory } from "@/lib/site/queries";
import { getSiteUrl } from "@/lib/site/site-url";

/**
 * Rendered per request, with the request's host when NEXT_PUBLIC_SITE_URL is unset, from the
 * cached project list (lib/site/queries.ts): no database query until a write expires it.
 * `connection()` keeps it out of the build, which must never open the database.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [projects, siteUrl] = await Promise.all([loadProjectsByCategory("all"), getSiteUrl()]);
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
