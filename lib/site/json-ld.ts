import type { Project } from "@/lib/data/projects";
import type { SiteSettings } from "@/lib/validation/site-settings";

/** schema.org Person for the owner (home and About). */
export function personJsonLd(settings: SiteSettings, siteUrl: URL): Record<string, unknown> {
  const sameAs = Object.values(settings.socials).filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: settings.ownerName,
    url: siteUrl.origin,
    jobTitle: "Motion designer and illustrator",
    ...(settings.biography ? { description: settings.biography } : {}),
    ...(settings.portraitUrl ? { image: new URL(settings.portraitUrl, siteUrl).toString() } : {}),
    ...(settings.contactEmail ? { email: `mailto:${settings.contactEmail}` } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** schema.org CreativeWork for one project page. */
export function projectJsonLd(
  project: Project,
  settings: SiteSettings,
  siteUrl: URL,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    genre: project.category,
    url: new URL(`/sections/${project.id}`, siteUrl).toString(),
    image: new URL(project.coverUrl, siteUrl).toString(),
    dateCreated: project.createdAt.toISOString(),
    dateModified: project.updatedAt.toISOString(),
    creator: { "@type": "Person", name: settings.ownerName, roleName: project.role },
  };
}
