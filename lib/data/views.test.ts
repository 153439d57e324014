import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/helpers/database";
import { getDb } from "@/lib/db";
import { createProject } from "./projects";
import {
  countView,
  flushViews,
  foldCutoff,
  isVisitorProjectPage,
  foldViewCounts,
  readInsights,
  readProjectDays,
  startViewJobs,
  utcDay,
  type View,
} from "./views";

useTestDatabase();

const NOW = Date.now();
const NOW_DAY = utcDay(NOW);
const view = (fields: Partial<View> = {}): View => ({
  path: "/",
  projectId: null,
  referrer: null,
  device: "desktop",
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 Firefox/133.0",
  ...fields,
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await (await getDb()).execute(query)) as unknown as { rows: T[] }).rows;
}

/** A day row of the counts, as an older day's batch would have left it. */
async function insertDay(
  day: string,
  dimension: string,
  value: string,
  views: number,
  visitors = 0,
  projectId: string | null = null,
) {
  await (
    await getDb()
  ).execute(
    sql`insert into view_counts (period, day, dimension, value, project_id, views, visitors)
        values ('day', ${day}, ${dimension}, ${value}, ${projectId}, ${views}, ${visitors})`,
  );
}

describe(`view counts on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("counts a project page from its first view, even one published after the list was read", async () => {
    const fields = {
      coverUrl: "/media/c.png",
      coverKey: null,
      userId: "owner",
      role: "Director",
      category: "Illustration" as const,
    };
    const first = await createProject({ title: "Listed first", ...fields });
    expect(await isVisitorProjectPage(first.id)).toBe(true);
    const later = await createProject({ title: "Published later", ...fields });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await isVisitorProjectPage(later.id)).toBe(true);
    expect(await isVisitorProjectPage("0123456789abcdef01234567")).toBe(false);
  });

  it("counts views and once-a-day visitors per path and project, and batches from several servers add up", async () => {
    const project = await createProject({
      title: "Counted",
      coverUrl: "/media/c.png",
      coverKey: null,
      userId: "owner",
      role: "Director",
      category: "Illustration",
    });
    const page = { path: `/sections/${project.id}`, projectId: project.id };
    const day = utcDay(NOW);
    await countView(view({ referrer: "news.example" }), NOW);
    await countView(view(), NOW);
    await countView(
      view({ ...page, device: "mobile", userAgent: "Mozilla/5.0 iPhone Mobile" }),
      NOW,
    );
    await flushViews();
    // A second batch (another server's, or a later one) with a visitor already counted today.
    await countView(view(page), NOW);
    await countView(view({ ...page, address: "198.51.100.1" }), NOW);
    await flushViews();

    const insights = await readInsights(day, day, NOW);
    expect(insights).toEqual({
      totals: { views: 5, visitors: 3 },
      days: [{ date: day, views: 5, visitors: 3 }],
      projects: [{ _id: project.id, title: "Counted", views: 3, visitors: 3 }],
      referrers: [{ host: "news.example", views: 1 }],
      devices: [
        { kind: "desktop", views: 4 },
        { kind: "mobile", views: 1 },
      ],
    });
    expect(await readProjectDays(day, day)).toEqual(new Map([[project.id, [3]]]));

    // Nothing stored holds the address or the user agent.
    const stored = JSON.stringify(
      await rows(sql`select row_to_json(t) from (select * from view_counts) t
                     union all select row_to_json(t) from (select * from view_visitors) t`),
    );
    expect(stored).not.toMatch(/203\.0\.113|198\.51\.100|Firefox|iPhone/);
  });

  it("folds days older than 13 months into monthly totals, by itself at start, once", async () => {
    expect(foldCutoff(Date.parse("2026-11-28T12:00:00Z"))).toBe("2025-10-01");
    expect(foldCutoff(Date.parse("2026-01-31T23:59:00Z"))).toBe("2024-12-01");
    const monthsAgo = (months: number, day: number) => {
      const date = new Date();
      return utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, day));
    };
    const [a, b] = [monthsAgo(15, 1), monthsAgo(14, 1)];
    await insertDay(monthsAgo(15, 3), "site", "", 4, 2);
    await insertDay(monthsAgo(15, 20), "site", "", 6, 3);
    await insertDay(monthsAgo(15, 20), "referrer", "news.example", 2);
    await insertDay(monthsAgo(14, 3), "site", "", 1, 1);
    const kept = monthsAgo(12, 3);
    await insertDay(kept, "site", "", 9, 9);

    // The job runs on its own once the server starts.
    startViewJobs();
    const monthly = () =>
      rows<{ day: string; dimension: string; views: number; visitors: number }>(
        sql`select day::text as day, dimension, views, visitors from view_counts
            where period = 'month' order by day, dimension`,
      );
    await expect.poll(monthly, { timeout: 20_000 }).toEqual([
      { day: a, dimension: "referrer", views: 2, visitors: 0 },
      { day: a, dimension: "site", views: 10, visitors: 5 },
      { day: b, dimension: "site", views: 1, visitors: 1 },
    ]);
    expect(
      await rows(
        sql`select day::text as day from view_counts where period = 'day' and day < ${NOW_DAY}`,
      ),
    ).toEqual([{ day: kept }]);
    expect(await foldViewCounts()).toBe(0);

    // A range over the folded months counts their totals; it has no days left to list.
    expect(await readInsights(a, monthsAgo(13, 0))).toMatchObject({
      totals: { views: 11, visitors: 6 },
      days: [],
      referrers: [{ host: "news.example", views: 2 }],
    });
  });
});
