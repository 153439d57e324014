import type { Metadata } from "next";
import { notFound } from "next/navigation";

/*
 * The privacy note (docs/spec.md §2): what the site counts and nothing else, a page the owner can
 * link. Cached like About (an empty generateStaticParams keeps it out of the build); any path
 * below /privacy is a 404.
 */
export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

export const metadata: Metadata = {
  title: "Privacy",
  description: "What this site counts about visits, and what it does not keep.",
  alternates: { canonical: "/privacy" },
};

export default async function PrivacyPage({ params }: { params: Promise<{ rest?: string[] }> }) {
  if ((await params).rest) notFound();
  return (
    <div className="mx-auto max-w-(--column-max) px-5 pt-12 pb-20 sm:px-8 sm:pt-16">
      <div className="max-w-prose space-y-5 text-base leading-relaxed">
        <h1 className="text-3xl font-semibold tracking-tight">Privacy</h1>
        <p>
          This site counts visits to its pages to learn which work people look at. It sets no
          cookies, stores nothing in your browser and loads nothing from other companies. A film
          hosted on Vimeo is the one exception, and only once you press its play button: the player
          then comes from Vimeo, asked not to track you.
        </p>
        <h2 className="pt-2 text-xl font-semibold">What is counted, per day</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>How many times each page was viewed.</li>
          <li>
            How many different visitors came, told apart by a code made from your internet address
            and browser that changes every day and cannot be turned back into either.
          </li>
          <li>The name of the website a visit came from, if any.</li>
          <li>Whether the device was a phone, a tablet or a computer.</li>
        </ul>
        <h2 className="pt-2 text-xl font-semibold">What is not kept</h2>
        <p>
          Your internet address, your browser&apos;s description, and anything that could follow you
          from one day to the next. Visits by search engines and other robots are not counted, and
          neither are visits from browsers that ask not to be tracked (Global Privacy Control or Do
          Not Track).
        </p>
        <p>Daily counts are kept for 13 months, then only as monthly totals.</p>
      </div>
    </div>
  );
}
