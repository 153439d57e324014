import type { Metadata } from "next";
import { connection } from "next/server";
import { parseFilterCategory } from "@/lib/site/categories";
import { parseGalleryPage } from "@/lib/site/gallery-pages";
import { loadSiteSettings } from "@/lib/site/queries";
import { getSiteUrl } from "@/lib/site/site-url";
import { GalleryView } from "../gallery-view";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

/*
 * Only searches (`/?q=`) render here, per request: proxy.ts rewrites `/` and `/?category=` to the
 * cached /gallery/[filter]/[page] route. A direct request without `q` still renders correctly here.
 */

type SearchParams = Promise<{
  category?: string | string[];
  q?: string | string[];
  page?: string | string[];
}>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const settings = await loadSiteSettings();
  return {
    title: { absolute: settings.ownerName },
    alternates: { canonical: "/" },
  };
}

export default async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  return (
    <GalleryView
      category={parseFilterCategory(first(params.category))}
      query={first(params.q)}
      page={parseGalleryPage(first(params.page))}
      siteUrl={await getSiteUrl()}
    />
  );
}
