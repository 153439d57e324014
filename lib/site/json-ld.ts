import type { Project } from "@/lib/data/projects";
import type { Section } from "@/lib/data/sections";
import type { SiteSettings } from "@/lib/validation/site-settings";
import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";
import { reelVideo, uploadedVideoView } from "./video-sources";

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

/** What a VideoObject says of a film (docs/spec.md §3): search engines require the first four. */
type Film = {
  name: string;
  description: string;
  poster: string;
  uploadDate: string;
  /** The file the page plays (absolute after videoObject), or Vimeo's player. */
  play: { contentUrl: string } | { embedUrl: string };
  /** Of an uploaded video whose length was read; 0 when unknown. */
  seconds: number;
};

function videoObject(film: Film, siteUrl: URL): Record<string, unknown> {
  const play =
    "contentUrl" in film.play
      ? { contentUrl: new URL(film.play.contentUrl, siteUrl).toString() }
      : film.play;
  return {
    "@type": "VideoObject",
    name: film.name,
    description: film.description,
    thumbnailUrl: new URL(film.poster, siteUrl).toString(),
    uploadDate: film.uploadDate,
    ...play,
    ...(film.seconds > 0 && "contentUrl" in play ? { duration: `PT${film.seconds}S` } : {}),
  };
}

/**
 * schema.org VideoObject for a section's film, so search engines can list it as a video: an
 * uploaded video the page plays with controls (a silent loop is part of the page's look, not a
 * film) or a Vimeo embed, when it has the poster search engines require as its thumbnail. Its
 * `uploadDate` is when the section was added; `contentUrl` the file the page plays (its largest
 * rendition), `embedUrl` Vimeo's player as the page embeds it; `duration` (ISO 8601) when the
 * upload was read.
 */
export function videoJsonLd(
  section: Section,
  project: Pick<Project, "title" | "summary">,
  siteUrl: URL,
): Record<string, unknown> | null {
  if (!section.posterUrl) return null;
  const { videoUrl } = uploadedVideoView(section);
  const player = section.videoEmbed ? toVimeoPlayerUrl(section.videoEmbed) : null;
  const play = section.videoEmbed
    ? player && { embedUrl: player }
    : videoUrl && section.videoPlayback !== "loop"
      ? { contentUrl: videoUrl }
      : null;
  if (!play) return null;
  const film: Film = {
    name: section.title || project.title,
    description: section.description || project.summary || section.title || project.title,
    poster: section.posterUrl,
    uploadDate: section.createdAt.toISOString(),
    play,
    seconds: section.videoMeta ? Math.round(section.videoMeta.duration) : 0,
  };
  return videoObject(film, siteUrl);
}

/** What the Reel page is, for search engines: its meta description and its VideoObject's. */
export const reelDescription = (ownerName: string) =>
  `The showreel of ${ownerName}: motion design and illustration.`;

/**
 * schema.org VideoObject for the Reel page: its uploaded video (the file the page plays) or its
 * Vimeo player, when it has a poster and the date it was published (`showreelSince`, kept since
 * the Reel's video or link was last changed).
 */
export function reelJsonLd(settings: SiteSettings, siteUrl: URL): Record<string, unknown> | null {
  if (!settings.showreelPosterUrl || !settings.showreelSince) return null;
  const { videoUrl } = uploadedVideoView(reelVideo(settings));
  const player = settings.showreelUrl ? toVimeoPlayerUrl(settings.showreelUrl) : null;
  const play = settings.showreelVideoUrl
    ? videoUrl && { contentUrl: videoUrl }
    : player && { embedUrl: player };
  if (!play) return null;
  const meta = settings.showreelVideoUrl ? settings.showreelVideoMeta : null;
  const film: Film = {
    name: `Showreel of ${settings.ownerName}`,
    description: reelDescription(settings.ownerName),
    poster: settings.showreelPosterUrl,
    uploadDate: settings.showreelSince,
    play,
    seconds: meta ? Math.round(meta.duration) : 0,
  };
  return {
    "@context": "https://schema.org",
    ...videoObject(film, siteUrl),
    creator: { "@type": "Person", name: settings.ownerName },
  };
}
