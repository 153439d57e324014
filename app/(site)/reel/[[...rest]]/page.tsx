import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CONTENT_MAX } from "@/lib/site/content-width";
import { columnSizes } from "@/lib/site/image-grid-layout";
import { JsonLd } from "@/components/layout/json-ld";
import { SectionVideo } from "@/components/sections/section-video";
import { VimeoFacade } from "@/components/sections/vimeo-facade";
import { optimizedImage } from "@/lib/site/image-srcset";
import { reelDescription, reelJsonLd } from "@/lib/site/json-ld";
import { getCachedSiteUrl } from "@/lib/site/site-url";
import { reelVideo, uploadedVideoView } from "@/lib/site/video-sources";
import { loadSiteSettings } from "@/lib/site/queries";
import { toVimeoPlayerUrl } from "@/lib/validation/vimeo";

/*
 * A cached rendering like the gallery and project pages: rendered on the first visit, then served
 * from the cache until a write expires the `settings` tag. The optional catch-all segment is what
 * keeps it out of the build (an empty generateStaticParams), which must not open the data
 * directory; any path below /reel is a 404.
 */
export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

type Params = Promise<{ rest?: string[] }>;

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  return {
    title: "Reel",
    description: reelDescription(settings.ownerName),
    alternates: { canonical: "/reel" },
  };
}

export default async function ReelPage({ params }: { params: Params }) {
  if ((await params).rest) notFound();
  const settings = await loadSiteSettings();
  const player = settings.showreelUrl ? toVimeoPlayerUrl(settings.showreelUrl) : null;
  const uploaded = uploadedVideoView(reelVideo(settings));
  const poster = settings.showreelPosterUrl
    ? optimizedImage(
        settings.showreelPosterUrl,
        columnSizes(CONTENT_MAX[settings.contentWidth].column),
      )
    : null;
  const ld = reelJsonLd(settings, getCachedSiteUrl());
  return (
    <div className="mx-auto max-w-(--column-max) px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      {ld ? <JsonLd data={ld} /> : null}
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Reel</h1>
      <p className="text-muted mt-3 mb-10 text-lg">
        A selection of recent motion work by {settings.ownerName}.
      </p>
      {settings.showreelVideoUrl ? (
        // An uploaded video: the project pages' player with its renditions (its poster alone while
        // a master browsers cannot play encodes, with a line saying so), the poster above the fold
        // loading first.
        <>
          <SectionVideo
            videoEmbed={null}
            {...uploaded}
            poster={settings.showreelPosterUrl || null}
            posterPlaceholder={settings.showreelPosterPlaceholder}
            title={`Showreel of ${settings.ownerName}`}
            maxWidth={CONTENT_MAX[settings.contentWidth].column}
            eager
          />
          {!uploaded.videoUrl && settings.showreelVideoStatus === "processing" ? (
            <p className="text-muted mt-3 text-sm">
              The showreel is being prepared. Reload the page in a few minutes to play it.
            </p>
          ) : null}
        </>
      ) : player ? (
        // The reel is the first thing on the page: a plain embed would load Vimeo's player with it.
        <VimeoFacade
          src={player}
          title={`Showreel of ${settings.ownerName}`}
          poster={poster}
          posterPlaceholder={settings.showreelPosterPlaceholder}
          eager
        />
      ) : (
        <p className="text-muted flex aspect-video items-center justify-center rounded-sm border border-dashed border-black/20 px-6 text-center">
          The showreel will be published here soon.
        </p>
      )}
    </div>
  );
}
