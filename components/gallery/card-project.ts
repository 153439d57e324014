import { DEFAULT_FOCAL, type Category } from "@/lib/domain";

/**
 * What a gallery card shows, and all the page sends for it besides its HTML: this list is the
 * cards' only copy in the page's RSC payload, so it holds no more than the card
 * draws and the owner's Edit dialog starts from, and leaves out what is the default (a centred
 * focal point, no cover loop, no placeholder).
 */
export type CardProject = {
  id: string;
  title: string;
  role: string;
  category: Category;
  coverUrl: string;
  /** The cover's focal point, 0–1: kept in view where the card crops the cover. */
  coverFocalX?: number;
  coverFocalY?: number;
  /** An mp4 cover loop, played over the still by CoverLoops. */
  coverVideoUrl?: string;
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
  coverPlaceholder?: string | null;
}): CardProject {
  const card: CardProject = {
    id: project.id,
    title: project.title,
    role: project.role,
    category: project.category,
    coverUrl: project.coverUrl,
  };
  if (project.coverFocalX != null && project.coverFocalX !== DEFAULT_FOCAL.x)
    card.coverFocalX = project.coverFocalX;
  if (project.coverFocalY != null && project.coverFocalY !== DEFAULT_FOCAL.y)
    card.coverFocalY = project.coverFocalY;
  if (project.coverVideoUrl) card.coverVideoUrl = project.coverVideoUrl;
  if (project.coverPlaceholder) card.coverPlaceholder = project.coverPlaceholder;
  return card;
}
