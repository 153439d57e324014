import Link from "next/link";
import type { InsightsJson } from "@/lib/data/views";
import { TableHead, type Column } from "@/components/owner/table-head";

/** The ranges /insights offers, in days. */
export const INSIGHT_RANGES = [7, 30, 90] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];

const VIEWS_COLOUR = "#1f2937";
const VISITORS_COLOUR = "#c2410c";
const number = new Intl.NumberFormat("en");
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** The range switch: plain links, so it works by keyboard and without JavaScript. */
export function RangeLinks({ current }: { current: InsightRange }) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-2">
      {INSIGHT_RANGES.map((days) => (
        <Link
          key={days}
          href={`/insights?days=${days}`}
          aria-current={days === current ? "page" : undefined}
          className="rounded-md border border-black/20 px-3 py-1.5 text-sm font-semibold hover:bg-black/5 aria-[current=page]:bg-black aria-[current=page]:text-white"
        >
          {days} days
        </Link>
      ))}
    </nav>
  );
}

/**
 * Views (bars) and visitors (line) per day, drawn on the server as SVG: no chart library, no
 * JavaScript. The same numbers are in the table below it.
 */
export function DaysChart({ days }: { days: InsightsJson["days"] }) {
  const width = 640;
  const height = 200;
  const most = Math.max(0, ...days.map((day) => day.views));
  const top = Math.max(1, most);
  const step = width / Math.max(days.length, 1);
  const y = (value: number) => height - (value / top) * (height - 10);
  const line = days
    .map((day, i) => `${(i * step + step / 2).toFixed(1)},${y(day.visitors).toFixed(1)}`)
    .join(" ");
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-48 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="insights-chart-title"
      >
        <title id="insights-chart-title">
          {`Views and visitors per day${first && last ? `, ${shortDate(first)} to ${shortDate(last)}` : ""}`}
        </title>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#9ca3af" />
        {days.map((day, i) => (
          <rect
            key={day.date}
            x={i * step + step * 0.15}
            y={y(day.views)}
            width={step * 0.7}
            height={height - y(day.views)}
            fill={VIEWS_COLOUR}
          />
        ))}
        <polyline
          points={line}
          fill="none"
          stroke={VISITORS_COLOUR}
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="text-muted space-y-1 text-sm">
        <span className="flex justify-between gap-2">
          <span>{first ? shortDate(first) : ""}</span>
          <span>{last ? shortDate(last) : ""}</span>
        </span>
        <span className="flex flex-wrap gap-x-4">
          <span>
            <span aria-hidden="true" style={{ color: VIEWS_COLOUR }}>
              ■{" "}
            </span>
            Views (highest {number.format(most)} a day)
          </span>
          <span>
            <span aria-hidden="true" style={{ color: VISITORS_COLOUR }}>
              ━{" "}
            </span>
            Visitors
          </span>
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Show the days as a table</summary>
        <table className="mt-2 w-full text-left">
          <TableHead columns={["Day", VIEWS_COLUMN, VISITORS_COLUMN]} />
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  {shortDate(day.date)}
                </th>
                <td className="text-right">{number.format(day.views)}</td>
                <td className="text-right">{number.format(day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** A project's views per day as a small line, described by its total beside it. */
function Sparkline({ values }: { values: number[] }) {
  const width = 96;
  const height = 24;
  const top = Math.max(1, ...values);
  const step = width / Math.max(values.length - 1, 1);
  const points = values
    .map(
      (value, i) =>
        `${(i * step).toFixed(1)},${(height - 2 - (value / top) * (height - 4)).toFixed(1)}`,
    )
    .join(" ");
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-6 w-24" aria-hidden="true">
      <polyline points={points} fill="none" stroke={VIEWS_COLOUR} strokeWidth="1.5" />
    </svg>
  );
}

const VIEWS_COLUMN: Column = { label: "Views", className: "text-right" };
const VISITORS_COLUMN: Column = { label: "Visitors", className: "text-right" };

const tableClass =
  "w-full text-left text-sm [&_td]:py-1.5 [&_td]:pl-3 [&_th]:py-1.5 [&_th:not(:first-child)]:pl-3";

export function ProjectsTable({
  projects,
  series,
}: {
  projects: InsightsJson["projects"];
  series: Map<string, number[]>;
}) {
  if (projects.length === 0)
    return <p className="text-muted text-sm">No project page was viewed.</p>;
  return (
    <table className={tableClass}>
      <TableHead
        columns={[
          "Project",
          VIEWS_COLUMN,
          VISITORS_COLUMN,
          { label: "Per day", className: "pl-4" },
        ]}
      />
      <tbody>
        {projects.map((project) => (
          <tr key={project._id} className="border-t border-black/10">
            <th scope="row" className="font-medium">
              <Link href={`/sections/${project._id}`} className="underline underline-offset-2">
                {project.title}
              </Link>
            </th>
            <td className="text-right">{number.format(project.views)}</td>
            <td className="text-right">{number.format(project.visitors)}</td>
            <td className="pl-4">
              <Sparkline values={series.get(project._id) ?? [0]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A two-column table of names and views (referrers, devices), or a line saying there is none. */
export function CountTable({
  label,
  rows,
  empty,
}: {
  label: string;
  rows: { name: string; views: number }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-muted text-sm">{empty}</p>;
  return (
    <table className={tableClass}>
      <TableHead columns={[label, VIEWS_COLUMN]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-black/10">
            <th scope="row" className="font-normal">
              {row.name}
            </th>
            <td className="text-right">{number.format(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const formatCount = (value: number) => number.format(value);
