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

/**
 * schema.org CreativeWork for one project page. The optional details: the summary is
 * its `abstract` and `description`; the year it was made is `dateCreated` (an ISO 8601 year) and
 * `copyrightYear` (otherwise `dateCreated` is when it was added to the site); the client, who
 * commissions and pays for the work, is its `sponsor` ("supports a thing through a pledge,
 * promise, or financial contribution"): `funder` says the same for grants, `accountablePerson`
 * and `sourceOrganization` describe who answers for or publishes the work, which a client is not.
 */
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
    dateCreated: project.year ? String(project.year) : project.createdAt.toISOString(),
    dateModified: project.updatedAt.toISOString(),
    creator: { "@type": "Person", name: settings.ownerName, roleName: project.role },
    ...(project.year ? { copyrightYear: project.year } : {}),
    ...(project.client ? { sponsor: { "@type": "Organization", name: project.client } } : {}),
    ...(project.summary ? { abstract: project.summary, description: project.summary } : {}),
  };
}
