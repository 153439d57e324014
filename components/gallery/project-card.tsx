import Link from "next/link";
import type { Category } from "@/lib/validation/categories";
import { ServerImage } from "@/components/ui/server-image";
import { formatCategory } from "@/lib/validation/categories";
import { objectPosition } from "@/lib/validation/focal";
import { cardSizes, spanClass, type Span } from "./grid-spans";

export type ProjectCardData = {
  id: string;
  title: string;
  role: string;
  category: Category;
  coverUrl: string;
  /** The cover's focal point, 0–1 (issue 18.2): kept in view where the card crops the cover. */
  coverFocalX?: number;
  coverFocalY?: number;
  /** An mp4 cover loop (issue 18 item 3), played over the still by CoverLoops; null when none. */
  coverVideoUrl?: string | null;
  /** The cover's blur-up placeholder (issue 18.5), shown until the file arrives. */
  coverPlaceholder?: string | null;
};

/**
 * A gallery card: the cover fills it; title and category appear on hover and on keyboard focus
 * (always on touch screens, which cannot hover), or always when the owner chose so in the settings
 * (`cardTitles`, styled by app/globals.css). `ownerActions` sits outside the link so its
 * buttons are not nested in it.
 */
export function ProjectCard({
  project,
  index,
  count,
  span,
  eager = false,
  preload = false,
  ownerActions,
  maxWidth,
}: {
  project: ProjectCardData;
  index: number;
  /** How many cards the grid holds, and this card's desktop span (grid-spans.ts). */
  count: number;
  span: Span;
  /** Loaded at once rather than when scrolled near: the first row. */
  eager?: boolean;
  /**
   * Preloaded at high priority, the LCP candidate. Only the first card: on phones the second one
   * is below the fold, and a second high-priority image would halve the first one's bandwidth.
   */
  preload?: boolean;
  ownerActions?: React.ReactNode;
  /** The grid's largest width (components/layout/content-width.ts), for the cover's `sizes`. */
  maxWidth?: string;
}) {
  return (
    <li className={`group relative ${spanClass(span, index, count)}`} data-testid="project-card">
      <Link
        href={`/sections/${project.id}`}
        // The only bytes a moving cover adds to the card: CoverLoops makes the video on demand.
        data-loop={project.coverVideoUrl || undefined}
        className="relative block aspect-[4/3] overflow-hidden rounded-sm bg-stone-300 focus-visible:outline-offset-4 sm:aspect-auto sm:h-full"
      >
        <ServerImage
          src={project.coverUrl}
          alt=""
          fill
          sizes={cardSizes(span, index === count - 1 && count % 2 === 1 ? 2 : 1, maxWidth)}
          preload={preload}
          blurDataURL={project.coverPlaceholder}
          loading={eager || preload ? "eager" : "lazy"}
          className="object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03]"
          style={{
            objectPosition: objectPosition({ x: project.coverFocalX, y: project.coverFocalY }),
          }}
        />
        <span
          data-testid="card-caption"
          data-card-caption
          className="absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-gradient-to-t from-black/80 via-black/45 to-transparent px-5 pt-12 pb-4 text-white transition-opacity duration-300 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:hover)_and_(min-width:640px)]:opacity-0"
        >
          <span className="text-lg leading-tight font-semibold">{project.title}</span>
          <span className="text-sm text-white/85">{formatCategory(project.category)}</span>
        </span>
      </Link>
      {ownerActions ? (
        <div className="absolute top-3 right-3 flex gap-2">{ownerActions}</div>
      ) : null}
    </li>
  );
}
