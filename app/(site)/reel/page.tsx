import type { Metadata } from "next";
import { connection } from "next/server";
import { VimeoFacade } from "@/components/sections/vimeo-facade";
import { loadSiteSettings } from "@/lib/site/queries";
import { toVimeoPlayerUrl } from "@/lib/site/vimeo";

// Rendered per request, never prerendered: the (site) layout reads the settings, and the build must
// not open the data directory (a connection() call alone races with the layout's metadata read).
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const settings = await loadSiteSettings();
  return {
    title: "Reel",
    description: `The showreel of ${settings.ownerName}: motion design and illustration.`,
    alternates: { canonical: "/reel" },
  };
}

export default async function ReelPage() {
  await connection();
  const settings = await loadSiteSettings();
  const player = settings.showreelUrl ? toVimeoPlayerUrl(settings.showreelUrl) : null;
  return (
    <div className="mx-auto max-w-6xl px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Reel</h1>
      <p className="text-muted mt-3 mb-10 text-lg">
        A selection of recent motion work by {settings.ownerName}.
      </p>
      {player ? (
        // The reel is the first thing on the page: a plain embed would load Vimeo's player with it.
        <VimeoFacade src={player} title={`Showreel of ${settings.ownerName}`} />
      ) : (
        <p className="text-muted flex aspect-video items-center justify-center rounded-sm border border-dashed border-black/20 px-6 text-center">
          The showreel will be published here soon.
        </p>
      )}
    </div>
  );
}
