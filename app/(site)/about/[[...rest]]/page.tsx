import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ServerImage } from "@/components/ui/server-image";
import { JsonLd } from "@/components/layout/json-ld";
import { personJsonLd } from "@/lib/site/json-ld";
import { loadSiteSettings } from "@/lib/site/queries";
import { getCachedSiteUrl } from "@/lib/site/site-url";

/*
 * A cached rendering like the gallery and project pages: rendered on the first visit, then served
 * from the cache until a write expires the `settings` tag. The optional catch-all segment is what
 * keeps it out of the build (an empty generateStaticParams), which must not open the data
 * directory; any path below /about is a 404.
 */
export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

type Params = Promise<{ rest?: string[] }>;

/** The biography as one line of at most 160 characters, cut between words. */
function summary(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= 160) return line;
  const cut = line.slice(0, 159);
  const end = cut.lastIndexOf(" ");
  return `${(end > 0 ? cut.slice(0, end) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

export async function generateMetadata(): Promise<Metadata> {
  const settings = await loadSiteSettings();
  const image = settings.portraitUrl
    ? [{ url: settings.portraitUrl, alt: settings.ownerName }]
    : [];
  return {
    title: "About",
    description: summary(settings.biography) || settings.tagline || `About ${settings.ownerName}`,
    alternates: { canonical: "/about" },
    openGraph: { type: "profile", title: `About ${settings.ownerName}`, images: image },
  };
}

export default async function AboutPage({ params }: { params: Params }) {
  if ((await params).rest) notFound();
  const settings = await loadSiteSettings();
  const siteUrl = getCachedSiteUrl();
  const paragraphs = settings.biography.split(/\n\s*\n/).filter((text) => text.trim());

  return (
    <div className="mx-auto grid max-w-(--column-max) gap-10 px-5 pt-12 pb-20 sm:px-8 sm:pt-16 md:grid-cols-[2fr_3fr] md:gap-16">
      <JsonLd data={personJsonLd(settings, siteUrl)} />
      <div className="relative aspect-[4/5] overflow-hidden rounded-sm bg-stone-200">
        {settings.portraitUrl ? (
          <ServerImage
            src={settings.portraitUrl}
            alt={`Portrait of ${settings.ownerName}`}
            fill
            preload
            blurDataURL={settings.portraitPlaceholder}
            sizes="(min-width: 1152px) 440px, (min-width: 768px) 40vw, 100vw"
            className="object-cover"
          />
        ) : (
          <div
            className="flex h-full items-center justify-center text-6xl font-semibold text-stone-400"
            aria-hidden="true"
          >
            {settings.ownerName.charAt(0)}
          </div>
        )}
      </div>
      <div className="md:pt-4">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">About</h1>
        <p className="text-muted mt-3 text-lg">{settings.ownerName}</p>
        <div className="mt-8 flex max-w-prose flex-col gap-4 text-lg leading-relaxed">
          {paragraphs.length > 0 ? (
            paragraphs.map((text, index) => <p key={index}>{text}</p>)
          ) : (
            <p className="text-muted">{settings.tagline || "A biography is coming soon."}</p>
          )}
        </div>
        {settings.availability ? (
          <p className="mt-8 text-lg font-medium" data-testid="availability">
            {settings.availability}
          </p>
        ) : null}
        {settings.contactEmail ? (
          <p className="mt-10">
            <a
              href={`mailto:${settings.contactEmail}`}
              className="bg-accent text-paper hover:bg-ink inline-flex items-center gap-2 rounded-full px-6 py-3 font-medium"
            >
              Get in touch: {settings.contactEmail}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
