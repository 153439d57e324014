import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { parseFilterSlug, MAX_GALLERY_PAGE } from "@/lib/site/gallery-pages";
import { loadSiteSettings } from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { GalleryView } from "../../../gallery-view";

/*
 * `/`, `/?category=…` and their `&page=N` without a search, rewritten here by proxy.ts so each view
 * is rendered once and served from the cache until a write expires the `projects` or `settings`
 * tag (lib/cache.ts). Nothing is prerendered at build: the build must not open the data directory.
 */

type Params = Promise<{ filter: string; page: string }>;

export function generateStaticParams(): { filter: string; page: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  return { title: { absolute: settings.ownerName }, alternates: { canonical: "/" } };
}

export default async function GalleryPage({ params }: { params: Params }) {
  const { filter, page } = await params;
  const category = parseFilterSlug(filter);
  // proxy.ts sends only pages it has checked; any other segment asked for directly is a 404.
  const pageNumber = /^[1-9]\d*$/.test(page) ? Number(page) : 0;
  if (!category || pageNumber < 1 || pageNumber > MAX_GALLERY_PAGE) notFound();
  return (
    <GalleryView category={category} query="" page={pageNumber} siteUrl={getCachedSiteUrl()} />
  );
}
