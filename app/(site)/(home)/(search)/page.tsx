import type { Metadata } from "next";
import { connection } from "next/server";
import { parseFilterCategory, parseGalleryPage } from "@/lib/site/gallery-pages";
import { loadSiteSettings } from "@/lib/site/queries";
import { getSiteUrl } from "@/lib/site/site-url";
import { GalleryView } from "../gallery-view";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

/*
 * Only searches (`/?q=`) render here, per request: next.config.ts and proxy.ts rewrite `/` and
 * `/?category=` to the cached /gallery/[filter]/[page] route, reading a repeated parameter's last
 * value as this page does. A request without `q` that reached this page still renders correctly.
 */

type SearchParams = Promise<{
  category?: string | string[];
  q?: string | string[];
  page?: string | string[];
}>;

/** A parameter's last value, as Next.js's rewrite conditions read a repeated one. */
function last(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value.at(-1) : value)?.trim() ?? "";
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
      category={parseFilterCategory(last(params.category))}
      query={last(params.q)}
      page={parseGalleryPage(last(params.page))}
      siteUrl={await getSiteUrl()}
    />
  );
}
