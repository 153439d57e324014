import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { OwnerGate } from "@/components/auth/owner-gate";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { getUser } from "@/lib/auth";
import { getSiteSettings } from "@/lib/data/settings";
import { SiteTheme } from "../(site)/site-theme";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Owner pages: visitors go to /signin. proxy.ts redirects first, but it only sees a signature;
 * here the session must still exist. Each page checks again, since layouts are not re-run on
 * every client-side navigation.
 */
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const [user, settings] = await Promise.all([getUser(), getSiteSettings()]);
  if (!user) redirect("/signin");
  return (
    // The site's look here too, read per request: a saved accent or pairing shows at once.
    <SiteTheme look={settings}>
      <SiteHeader siteName={settings.ownerName} />
      {/* The content width, for the forms' image-size advice (lib/site/image-targets.ts). */}
      <main id="main" className="flex flex-1 flex-col" data-content-width={settings.contentWidth}>
        <OwnerGate>{children}</OwnerGate>
      </main>
      <SiteFooter ownerName={settings.ownerName} socials={settings.socials} />
    </SiteTheme>
  );
}
