import {
  DEFAULT_FOCAL,
  formatCategory,
  objectPosition,
  type Category,
  type VideoStatus,
} from "@/lib/domain";
import { videoSources, type SectionRendition, type VideoSource } from "@/lib/site/video-sources";

/**
 * What a gallery card shows, and all the page sends for it besides its HTML: this list is the
 * cards' only copy in the page's RSC payload, so it holds no more than the card
 * draws and the owner's Edit dialog starts from, and leaves out what is the default (a centred
 * focal point, no cover loop, no placeholder). What the card shows is worked out here, on the
 * server, so the cards' client code needs nothing of lib/domain.ts.
 */
export type CardProject = {
  id: string;
  title: string;
  role: string;
  category: Category;
  coverUrl: string;
  /** How the category reads (formatCategory), when that differs from its stored name. */
  categoryLabel?: string;
  /** The cover's CSS object-position at its focal point (kept in view where the card crops it). */
  coverPosition?: string;
  /** An mp4 cover loop, played over the still by CoverLoops: its best file, once ready. */
  coverVideoUrl?: string;
  /** Its renditions as `<source>`s, smallest adequate first, when it has several. */
  coverVideoSources?: VideoSource[];
  /** The cover's blur-up placeholder, shown until the file arrives. */
  coverPlaceholder?: string;
};

/** A stored project as a card: only its own fields, defaults left out. */
export function cardProject(project: {
  id: string;
  title: string;
  role: string;
  category: Category;
  coverUrl: string;
  coverFocalX?: number | null;
  coverFocalY?: number | null;
  coverVideoUrl?: string | null;
  coverVideoStatus?: VideoStatus | null;
  coverVideoRenditions?: readonly SectionRendition[];
  coverPlaceholder?: string | null;
}): CardProject {
  const card: CardProject = {
    id: project.id,
    title: project.title,
    role: project.role,
    category: project.category,
    coverUrl: project.coverUrl,
  };
  const label = formatCategory(project.category);
  if (label !== project.category) card.categoryLabel = label;
  const x = project.coverFocalX ?? DEFAULT_FOCAL.x;
  const y = project.coverFocalY ?? DEFAULT_FOCAL.y;
  if (x !== DEFAULT_FOCAL.x || y !== DEFAULT_FOCAL.y) card.coverPosition = objectPosition({ x, y });
  // docs/media.md "Cover loops": while encoding, or refused, the card shows its still alone.
  const status = project.coverVideoStatus ?? "ready";
  if (project.coverVideoUrl && status === "ready") {
    const renditions = project.coverVideoRenditions ?? [];
    card.coverVideoUrl = renditions.at(-1)?.url ?? project.coverVideoUrl;
    const sources = videoSources(renditions);
    if (sources) card.coverVideoSources = sources;
  }
  if (project.coverPlaceholder) card.coverPlaceholder = project.coverPlaceholder;
  return card;
}
