import Link from "next/link";
import { CategoryFilter } from "@/components/gallery/category-filter";
import {
  GalleryNavigation,
  GalleryResults,
  PendingMark,
} from "@/components/gallery/gallery-pending";
import { cardProject } from "@/components/gallery/card-project";
import { ProjectCards } from "@/components/gallery/project-cards";
import { desktopSpans } from "@/components/gallery/grid-rows";
import { GalleryReorder } from "@/components/owner/gallery-reorder";
import { ShowMore } from "@/components/gallery/show-more";
import { CONTENT_MAX } from "@/lib/site/content-width";
import { JsonLd } from "@/components/layout/json-ld";
import { personJsonLd } from "@/lib/site/json-ld";
import { GALLERY_PAGE_SIZE, galleryHref, shownOnPage } from "@/lib/site/gallery-pages";
import { loadCategoryCounts, loadProjectsByCategory, loadSiteSettings } from "@/lib/site/queries";
import { filterCategoriesFor, type Category } from "@/lib/domain";

type GalleryViewProps = {
  category: Category | "all";
  query: string;
  /** Shows the first page × GALLERY_PAGE_SIZE projects (lib/site/gallery-pages.ts). */
  page: number;
  siteUrl: URL;
};

const GRID_ID = "gallery-projects";

/**
 * The home gallery, shared by the cached route (`/` and `/?category=`, rewritten by proxy.ts to
 * /gallery/[filter]) and the per-request one (`/?q=` searches).
 */
export async function GalleryView({ category: asked, query, page, siteUrl }: GalleryViewProps) {
  const [settings, counts] = await Promise.all([loadSiteSettings(), loadCategoryCounts()]);
  const categories = filterCategoriesFor(settings.filterCategories, counts);
  // A category the filter bar does not offer shows every project, as an unknown one does.
  const category = asked !== "all" && categories.includes(asked) ? asked : "all";
  const inCategory = await loadProjectsByCategory(category);
  const needle = query.toLowerCase();
  // Newest first: the gallery shows the API's list order reversed (docs/spec.md §2).
  const projects = inCategory
    .filter(
      (p) =>
        !needle ||
        // What a card or a project page says of it: a visitor may search any of these words.
        [p.title, p.role, p.category, p.client, p.summary]
          .join("\n")
          .toLowerCase()
          .includes(needle),
    )
    .toReversed();
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const shown = shownOnPage(page, projects.length);
  const cards = projects.slice(0, shown).map(cardProject);

  return (
    <GalleryNavigation>
      {/* Compact on phones, so the first card starts in the top 40 % of the screen. */}
      <div className="mx-auto max-w-(--gallery-max) px-5 pt-5 pb-20 sm:px-8 sm:pt-16">
        <JsonLd data={personJsonLd(settings, siteUrl)} />
        <div className="max-w-3xl">
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-6xl">
            {settings.ownerName}
          </h1>
          {settings.tagline ? (
            <p className="text-muted mt-1 text-sm text-pretty sm:mt-4 sm:text-xl">
              {settings.tagline}
            </p>
          ) : null}
        </div>
        <div className="mt-4 mb-4 flex flex-col gap-4 sm:mt-14 sm:mb-8">
          <CategoryFilter
            active={category}
            categories={categories}
            counts={counts}
            total={total}
            query={query}
          />
          {query ? (
            <p className="text-muted text-sm" role="status">
              {projects.length} {projects.length === 1 ? "project matches" : "projects match"} “
              {query}”.{" "}
              <Link
                href={galleryHref({ category })}
                className="text-ink font-medium underline underline-offset-4"
              >
                Clear search
                <PendingMark />
              </Link>
            </p>
          ) : null}
        </div>
        <GalleryResults>
          {projects.length > 0 ? (
            <>
              {/* One list for both: the page's RSC payload holds it once. */}
              <GalleryReorder projects={cards}>
                <ProjectCards
                  gridId={GRID_ID}
                  projects={cards}
                  spans={desktopSpans(cards.length)}
                  maxWidth={CONTENT_MAX[settings.contentWidth].gallery}
                />
              </GalleryReorder>
              {projects.length > GALLERY_PAGE_SIZE ? (
                <ShowMore
                  shown={shown}
                  total={projects.length}
                  nextHref={
                    shown < projects.length
                      ? galleryHref({ category, query, page: page + 1 })
                      : null
                  }
                  gridId={GRID_ID}
                />
              ) : null}
            </>
          ) : (
            <EmptyGallery query={query} filtered={Boolean(query) || category !== "all"} />
          )}
        </GalleryResults>
      </div>
    </GalleryNavigation>
  );
}

function EmptyGallery({ query, filtered }: { query: string; filtered: boolean }) {
  return (
    <div className="rounded-sm border border-dashed border-black/20 px-6 py-20 text-center">
      <h2 className="text-xl font-semibold">
        {query
          ? `No projects match “${query}”`
          : filtered
            ? "Nothing here yet"
            : "New work is on its way"}
      </h2>
      <p className="text-muted mx-auto mt-2 max-w-md">
        {query
          ? "Try other words, or look through a category."
          : filtered
            ? "No project matches this filter. Try another category or search."
            : "There are no projects to show yet. Please check back soon."}
      </p>
      {filtered ? (
        <Link href="/" className="mt-6 inline-block font-medium underline underline-offset-4">
          Show all projects
        </Link>
      ) : null}
    </div>
  );
}
