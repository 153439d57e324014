"use client";

import Link from "next/link";
import { Suspense } from "react";
import { ProjectCardActions } from "@/components/owner/project-card-actions";
import { lazyExport } from "@/components/ui/lazy-export";
import { optimizedImage, preloadLcpImage } from "@/lib/site/image-srcset";
import type { CardProject } from "./card-project";
import { cardSizes, isLoneCard, leadsOnTablet, spanClass, type Span } from "./grid-spans";

// Moving covers' code loads only for a grid that has one (most have none).
const CoverLoops = lazyExport(() => import("./cover-loops"), "CoverLoops");

/**
 * The gallery's cards: one column on phones, two on tablets, the 4-column rhythm on desktop
 * (grid-spans.ts). A client component for the page's weight, not for state: the server renders
 * its HTML as always, and the RSC payload carries the short `projects` list instead of every
 * card's markup a second time (5.6 kB a card before). The cover is a plain `<img>` with the
 * srcset next/image would write (lib/site/image-srcset.ts), so no image code ships; its blur-up
 * placeholder is its own CSS background, dropped on load by BlurCleaner. The card styles are the
 * `card-*` classes of app/globals.css.
 */
export function ProjectCards({
  projects,
  spans,
  gridId,
  maxWidth,
}: {
  projects: CardProject[];
  /** Each card's desktop span, desktopSpans(projects.length), worked out on the server. */
  spans: Span[];
  gridId: string;
  /** The grid's largest width (lib/site/content-width.ts), for the covers' `sizes`. */
  maxWidth?: string;
}) {
  const count = projects.length;
  return (
    <>
      <ul
        id={gridId}
        aria-label="Projects"
        className="grid grid-cols-1 gap-3 sm:auto-rows-[18rem] sm:grid-cols-2 lg:auto-rows-[22rem] lg:grid-cols-4 xl:auto-rows-[26rem]"
      >
        {projects.map((project, index) => {
          const span = spans[index] ?? 1;
          const image = optimizedImage(
            project.coverUrl,
            cardSizes(span, leadsOnTablet(index, count), maxWidth, isLoneCard(count)),
          );
          // The first card is the LCP candidate: preloaded at high priority. Only the first: on
          // phones the second one is below the fold, and it would halve the first one's bandwidth.
          if (index === 0) preloadLcpImage(image);
          // Centred (the default, app/globals.css's .card-cover) needs no style of its own.
          const focal = project.coverPosition;
          const category = project.categoryLabel ?? project.category;
          return (
            <li
              key={project.id}
              className={`group relative ${spanClass(span, index, count)}`}
              data-testid="project-card"
            >
              <Link
                href={`/sections/${project.id}`}
                // The only bytes a moving cover adds: CoverLoops makes the video on demand.
                data-loop={project.coverVideoUrl}
                // Its renditions, when encoded into several: each screen fetches the one it needs.
                data-loop-sources={
                  project.coverVideoSources ? JSON.stringify(project.coverVideoSources) : undefined
                }
                // Title and category as two words for screen readers, not run together.
                aria-label={`${project.title}, ${category}`}
                className="card-link"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- next/image's markup, written without its client code (image-srcset.ts) */}
                <img
                  alt=""
                  {...image}
                  loading={index < 2 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  decoding="async"
                  className="card-cover"
                  data-blur={project.coverPlaceholder ? "" : undefined}
                  style={{
                    objectPosition: focal,
                    backgroundPosition: project.coverPlaceholder ? focal : undefined,
                    backgroundImage: project.coverPlaceholder
                      ? `url(${project.coverPlaceholder})`
                      : undefined,
                  }}
                />
                <span data-testid="card-caption" className="card-caption">
                  <span className="card-title">{project.title}</span>
                  <span className="card-category">{category}</span>
                </span>
              </Link>
              <ProjectCardActions project={project} />
            </li>
          );
        })}
      </ul>
      {projects.some((project) => project.coverVideoUrl) ? (
        <Suspense>
          <CoverLoops gridId={gridId} />
        </Suspense>
      ) : null}
    </>
  );
}
