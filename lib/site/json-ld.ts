import type { Project } from "@/lib/data/projects";
import type { Section } from "@/lib/data/sections";
import type { SiteSettings } from "@/lib/validation/site-settings";
import { uploadedVideoView } from "./video-sources";

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
 * Its films are its `video` (videoJsonLd).
 */
export function projectJsonLd(
  project: Project,
  settings: SiteSettings,
  siteUrl: URL,
  sections: readonly Section[] = [],
): Record<string, unknown> {
  const videos = sections.flatMap((section) => videoJsonLd(section, project, siteUrl) ?? []);
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
    ...(videos.length ? { video: videos } : {}),
  };
}

/**
 * schema.org VideoObject for a section's film, so search engines can list it as a video: an
 * uploaded video the page plays with controls (a silent loop is part of the page's look, not a
 * film) or a Vimeo embed, when it has the poster search engines require as its thumbnail. Its
 * `uploadDate` is when the section was added; `contentUrl` the file the page plays (its largest
 * rendition), `embedUrl` Vimeo's player; `duration` (ISO 8601) when the upload was read.
 */
export function videoJsonLd(
  section: Section,
  project: Pick<Project, "title" | "summary">,
  siteUrl: URL,
): Record<string, unknown> | null {
  if (!section.posterUrl) return null;
  const { videoUrl } = uploadedVideoView(section);
  const film = section.videoEmbed
    ? { embedUrl: section.videoEmbed }
    : videoUrl && section.videoPlayback !== "loop"
      ? { contentUrl: new URL(videoUrl, siteUrl).toString() }
      : null;
  if (!film) return null;
  const seconds = section.videoMeta ? Math.round(section.videoMeta.duration) : 0;
  const description = section.description || project.summary || section.title || project.title;
  return {
    "@type": "VideoObject",
    name: section.title || project.title,
    description,
    thumbnailUrl: new URL(section.posterUrl, siteUrl).toString(),
    uploadDate: section.createdAt.toISOString(),
    ...film,
    ...(seconds > 0 && !section.videoEmbed ? { duration: `PT${seconds}S` } : {}),
  };
}
