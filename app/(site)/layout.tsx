import type { Metadata } from "next";
import { connection } from "next/server";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { loadSiteSettings } from "@/lib/site/queries";
import { getSiteUrl } from "@/lib/site/site-url";

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const [settings, siteUrl] = await Promise.all([loadSiteSettings(), getSiteUrl()]);
  return {
    metadataBase: siteUrl,
    title: { default: settings.ownerName, template: `%s · ${settings.ownerName}` },
    description: settings.tagline,
    openGraph: { type: "website", siteName: settings.ownerName, locale: "en" },
    twitter: { card: "summary_large_image" },
  };
}

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const settings = await loadSiteSettings();
  return (
    <>
      <SkipLink />
      <SiteHeader siteName={settings.ownerName} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter ownerName={settings.ownerName} socials={settings.socials} />
    </>
  );
}
