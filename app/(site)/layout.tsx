import type { Metadata } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { loadSiteSettings } from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { fontVariables } from "./fonts";
import "./latin-ext.generated.css";

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
    /*
     * The owner's appearance choices as data attributes and the accent as
     * a CSS custom property, read by app/globals.css: part of the cached page, expired with the
     * settings tag, so no page renders per request for them. `display: contents` keeps the
     * header, main and footer in the body's column layout.
     */
    <div
      className={`site-theme ${fontVariables}`}
      data-type-pairing={settings.typePairing}
      data-card-titles={settings.cardTitles}
      data-content-width={settings.contentWidth}
      style={{ "--color-accent": settings.accentColor } as React.CSSProperties}
    >
      <SkipLink />
      <SiteHeader siteName={settings.ownerName} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter ownerName={settings.ownerName} socials={settings.socials} />
    </div>
  );
}
