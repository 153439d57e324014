import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { parseFilterSlug } from "@/lib/site/categories";
import { loadSiteSettings } from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { GalleryView } from "../../gallery-view";

/*
 * `/` and `/?category=…` without a search, rewritten here by proxy.ts so they are rendered once and
 * served from the cache until a write expires the `projects` or `settings` tag (lib/cache.ts).
 * Nothing is prerendered at build: the build must not open the data directory.
 */

type Params = Promise<{ filter: string }>;

export function generateStaticParams(): { filter: string }[] {
  return [];
}

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  return { title: { absolute: settings.ownerName }, alternates: { canonical: "/" } };
}

export default async function GalleryPage({ params }: { params: Params }) {
  const category = parseFilterSlug((await params).filter);
  if (!category) notFound();
  return <GalleryView category={category} query="" siteUrl={getCachedSiteUrl()} />;
}
