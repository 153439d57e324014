import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import {
  CountTable,
  DaysChart,
  formatCount,
  INSIGHT_RANGES,
  ProjectsTable,
  RangeLinks,
  type InsightRange,
} from "@/components/dashboard/insights";
import { OwnerPage } from "@/components/owner/owner-page";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import { capitalize } from "@/lib/validation/text";
import { flushViews, readInsights, readProjectDays, lastDays } from "@/lib/data/views";

export const metadata: Metadata = { title: "Insights", robots: { index: false } };

/** One titled part of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The owner's view counts (docs/spec.md §2, docs/security.md "Insights"): views and visitors over
 * 7, 30 or 90 days, projects with a sparkline each, top referrers and devices.
 */
export default async function InsightsPage({
  searchParams,
}: {
  searchParams: Promise<{ days?: string }>;
}) {
  await requireOwnerPage();
  const asked = Number((await searchParams).days);
  const range: InsightRange = INSIGHT_RANGES.find((days) => days === asked) ?? 30;
  const { from, to } = lastDays(range);
  // This server's views still in memory count too.
  await flushViews().catch((error: unknown) => {
    console.error(`Writing the view counts failed: ${(error as Error).message}`);
  });
  const [insights, series] = await Promise.all([readInsights(from, to), readProjectDays(from, to)]);
  return (
    <OwnerPage
      title="Insights"
      intro="Views of the public pages, counted without cookies. Bots, the signed-in owner and visitors who ask not to be tracked are not counted."
      back={{ href: "/dashboard", label: "Back to the dashboard" }}
    >
      <div className="space-y-10">
        <RangeLinks current={range} />
        <section aria-labelledby="insights-totals" className="space-y-4">
          <h2 id="insights-totals" className="text-xl font-semibold">
            Last {range} days
          </h2>
          <dl className="flex gap-10">
            {(["views", "visitors"] as const).map((total) => (
              <div key={total}>
                <dt className="text-muted text-sm">{capitalize(total)}</dt>
                <dd className="text-3xl font-semibold" data-testid={`insights-${total}`}>
                  {formatCount(insights.totals[total])}
                </dd>
              </div>
            ))}
          </dl>
          <DaysChart days={insights.days} />
        </section>
        <Section id="insights-projects" title="Projects">
          <ProjectsTable projects={insights.projects} series={series} />
        </Section>
        {[
          {
            id: "insights-referrers",
            title: "Top referrers",
            label: "Site",
            rows: insights.referrers.map((row) => ({ name: row.host, views: row.views })),
            empty: "No visit came from another site.",
          },
          {
            id: "insights-devices",
            title: "Devices",
            label: "Device",
            rows: insights.devices.map((row) => ({ name: row.kind, views: row.views })),
            empty: "No views yet.",
          },
        ].map(({ id, title, ...table }) => (
          <Section key={id} id={id} title={title}>
            <CountTable {...table} />
          </Section>
        ))}
        <p className="text-muted text-sm">
          What visitors are told:{" "}
          <Link href="/privacy" className="underline underline-offset-2">
            the privacy note
          </Link>{" "}
          (link it from your About text or anywhere you like).
        </p>
      </div>
    </OwnerPage>
  );
}
