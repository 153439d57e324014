import { connection } from "next/server";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { getSiteSettings } from "@/lib/data/settings";

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const settings = await getSiteSettings();
  return (
    <>
      <SiteHeader siteName={settings.ownerName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter ownerName={settings.ownerName} />
    </>
  );
}
