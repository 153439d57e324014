import type { Metadata } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { ViewBeacon } from "@/components/layout/view-beacon";
import { loadSiteSettings } from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { SiteTheme } from "./site-theme";
import "./font-faces.generated.css";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  return {
    metadataBase: getCachedSiteUrl(),
    title: { default: settings.ownerName, template: `%s · ${settings.ownerName}` },
    description: settings.tagline,
    openGraph: { type: "website", siteName: settings.ownerName, locale: "en" },
    twitter: { card: "summary_large_image" },
  };
}

/*
 * No connection() here: it would make every public page dynamic. The settings come from the data
 * cache, and each page decides whether it is cached (gallery, project pages) or rendered per
 * request; pages that would otherwise be prerendered at build call connection() themselves, since
 * the build must not open the data directory.
 */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const settings = await loadSiteSettings();
  return (
    // Part of the cached page, expired with the settings tag: no page renders per request for it.
    <SiteTheme look={settings}>
      <SkipLink />
      <SiteHeader siteName={settings.ownerName} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter ownerName={settings.ownerName} socials={settings.socials} />
      <ViewBeacon />
    </SiteTheme>
  );
}
