import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { runEvery } from "@/lib/background";
import { getDb, rowsOf, type Db } from "@/lib/db";
import type { DeviceKind } from "@/lib/domain";
import { listVisitorPageIds } from "./projects";

/*
 * The cookieless view counts (docs/security.md, "Insights"). A view is counted in memory at the
 * beacon's request (its visitor reduced at once to salted hashes), and the counts go to the
 * database in batches: on an interval, before the owner reads them, and at shutdown. Batches from
 * several servers add up (upserts that add), and a visitor counts once a day across servers (the
 * day's hashes are a table, inserted with ON CONFLICT DO NOTHING).
 */

/** One counted view, as the beacon's handler hands it over. */
export type View = {
  path: string;
  projectId: string | null;
  /** The referring site's host, or null (none, or this site). */
  referrer: string | null;
  device: DeviceKind;
  /** Address and user agent: only hashed here, never kept. */
  address: string;
  userAgent: string;
};

type DayBuffer = {
  views: number;
  visitors: Set<string>;
  paths: Map<string, { projectId: string | null; views: number; visitors: Set<string> }>;
  referrers: Map<string, number>;
  devices: Map<DeviceKind, number>;
};

type ViewState = {
  days: Map<string, DayBuffer>;
  salt: { day: string; value: Promise<string> } | null;
  projectIds: { at: number; ids: Promise<Set<string>> } | null;
  /** The referring hosts this server counted on the latest day it counted (REFERRERS_PER_DAY). */
  referrerHosts: { day: string; hosts: Set<string> } | null;
  flushing: Promise<void>;
};

// On globalThis: instrumentation (start-up, shutdown) and the route handlers are separate bundles.
const stateKey = Symbol.for("portfolio.views");

function state(): ViewState {
  const g = globalThis as typeof globalThis & { [stateKey]?: ViewState };
  g[stateKey] ??= {
    days: new Map(),
    salt: null,
    projectIds: null,
    referrerHosts: null,
    flushing: Promise.resolve(),
  };
  return g[stateKey];
}

/**
 * Distinct referring hosts one server counts a day: a view from a further host counts without its
 * referrer, so a flood of made-up hosts grows neither this server's memory nor the table.
 */
export const REFERRERS_PER_DAY = 200;

/** How often the buffered counts are written (and at shutdown, and before the owner reads). */
export const VIEW_FLUSH_EVERY_MS = 10_000;
/** How long the list of project pages a visitor can open is trusted before it is read again. */
const PROJECT_IDS_TTL_MS = 60_000;
/** The shortest time between two reads of that list caused by unknown ids. */
const PROJECT_IDS_RELOAD_MS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `time` as YYYY-MM-DD: counts and visitor hashes are per UTC day. */
export function utcDay(time: Date | number = Date.now()): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Today's salt: one random value per UTC day, shared by every server through `view_salts`, so a
 * visitor's hash is the same on all of them that day and unlinkable to any other day's.
 */
function saltOf(day: string): Promise<string> {
  const current = state();
  if (current.salt?.day !== day) {
    const value = (async () => {
      const db = await getDb();
      await db.execute(
        sql`insert into view_salts (day, salt) values (${day}, ${randomBytes(32).toString("base64")})
            on conflict do nothing`,
      );
      const rows = rowsOf<{ salt: string }>(
        await db.execute(sql`select salt from view_salts where day = ${day}`),
      );
      if (!rows[0]) throw new Error("No salt for the day");
      return rows[0].salt;
    })();
    current.salt = { day, value };
    // A failed read is tried again on the next view.
    value.catch(() => {
      if (current.salt?.value === value) current.salt = null;
    });
  }
  return current.salt!.value;
}

/** A visitor's hash for one scope ("site" or a path): 128 bits of SHA-256, base64url. */
function visitorHash(salt: string, scope: string, view: View): string {
  return createHash("sha256")
    .update(`${salt}\n${scope}\n${view.address}\n${view.userAgent}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Whether `/sections/{id}` is a project page a visitor can open (refreshed every minute). */
export async function isVisitorProjectPage(id: string): Promise<boolean> {
  const current = state();
  const load = () => {
    const ids = listVisitorPageIds().then((list) => new Set(list));
    current.projectIds = { at: Date.now(), ids };
    ids.catch(() => {
      if (current.projectIds?.ids === ids) current.projectIds = null;
    });
    return ids;
  };
  if (!current.projectIds || Date.now() - current.projectIds.at > PROJECT_IDS_TTL_MS) load();
  if ((await current.projectIds!.ids).has(id)) return true;
  // A project opened since the list was read (just published) counts from its first view: an id
  // not in the list reads it again, at most once a second.
  if (Date.now() - current.projectIds!.at < PROJECT_IDS_RELOAD_MS) return false;
  return (await load()).has(id);
}

/** Whether a view of `day` from `host` keeps its referrer: a known host, or room for one more. */
function admitReferrer(day: string, host: string): boolean {
  const current = state();
  if (current.referrerHosts?.day !== day) current.referrerHosts = { day, hosts: new Set() };
  const { hosts } = current.referrerHosts;
  if (hosts.has(host)) return true;
  if (hosts.size >= REFERRERS_PER_DAY) return false;
  hosts.add(host);
  return true;
}

/** Counts one view in memory; written with the next batch. */
export async function countView(view: View, now = Date.now()): Promise<void> {
  const day = utcDay(now);
  const salt = await saltOf(day);
  const current = state();
  let buffer = current.days.get(day);
  if (!buffer) {
    buffer = {
      views: 0,
      visitors: new Set(),
      paths: new Map(),
      referrers: new Map(),
      devices: new Map(),
    };
    current.days.set(day, buffer);
  }
  buffer.views++;
  buffer.visitors.add(visitorHash(salt, "site", view));
  let page = buffer.paths.get(view.path);
  if (!page) {
    page = { projectId: view.projectId, views: 0, visitors: new Set() };
    buffer.paths.set(view.path, page);
  }
  page.views++;
  page.visitors.add(visitorHash(salt, view.path, view));
  if (view.referrer && admitReferrer(day, view.referrer))
    buffer.referrers.set(view.referrer, (buffer.referrers.get(view.referrer) ?? 0) + 1);
  buffer.devices.set(view.device, (buffer.devices.get(view.device) ?? 0) + 1);
}

/** One column of `rows` as a single array parameter (`unnest` takes it apart). */
const column = (rows: unknown[][], index: number) => sql.param(rows.map((row) => row[index]));

/** Writes one day's buffered counts in one transaction. */
async function writeDay(db: Db, day: string, buffer: DayBuffer): Promise<void> {
  const scopes: string[] = [];
  const hashes: string[] = [];
  const add = (scope: string, hash: string) => {
    scopes.push(scope);
    hashes.push(hash);
  };
  for (const hash of buffer.visitors) add("site", hash);
  for (const [path, page] of buffer.paths) for (const hash of page.visitors) add(path, hash);
  await db.transaction(async (tx) => {
    // The hashes not seen today yet, by any server: each is a new visitor of its scope.
    const fresh = await tx.execute(
      sql`insert into view_visitors (day, scope, hash)
        select ${day}::date, scope, hash
        from unnest(${sql.param(scopes)}::text[], ${sql.param(hashes)}::text[]) as t(scope, hash)
        on conflict do nothing returning scope`,
    );
    const newVisitors = new Map<string, number>();
    for (const { scope } of rowsOf<{ scope: string }>(fresh))
      newVisitors.set(scope, (newVisitors.get(scope) ?? 0) + 1);
    // dimension, value, project id ("" for none), views, new visitors
    const rows: unknown[][] = [
      ["site", "", "", buffer.views, newVisitors.get("site") ?? 0],
      ...[...buffer.paths].map(([path, page]) => [
        "path",
        path,
        page.projectId ?? "",
        page.views,
        newVisitors.get(path) ?? 0,
      ]),
      ...[...buffer.referrers].map(([host, views]) => ["referrer", host, "", views, 0]),
      ...[...buffer.devices].map(([kind, views]) => ["device", kind, "", views, 0]),
    ];
    await tx.execute(
      sql`insert into view_counts (period, day, dimension, value, project_id, views, visitors)
          select 'day', ${day}::date, dimension, value, nullif(project_id, ''), views, visitors
          from unnest(${column(rows, 0)}::text[], ${column(rows, 1)}::text[],
                      ${column(rows, 2)}::text[], ${column(rows, 3)}::int[],
                      ${column(rows, 4)}::int[])
            as t(dimension, value, project_id, views, visitors)
          on conflict (period, day, dimension, value) do update
          set views = view_counts.views + excluded.views,
              visitors = view_counts.visitors + excluded.visitors`,
    );
  });
}

/**
 * Writes the buffered counts. Flushes run one after another; a failed day's counts go back into
 * the buffer for the next flush, so an outage of the database loses nothing the process keeps.
 */
export function flushViews(): Promise<void> {
  const current = state();
  const run = current.flushing.then(async () => {
    if (current.days.size === 0) return;
    const days = current.days;
    current.days = new Map();
    const written = new Set<string>();
    try {
      const db = await getDb();
      for (const [day, buffer] of days) {
        await writeDay(db, day, buffer);
        written.add(day);
      }
    } catch (error) {
      // Every day not written goes back, the one that failed and those after it.
      for (const [day, buffer] of days) if (!written.has(day)) mergeBack(day, buffer);
      throw error;
    }
    const db = await getDb();
    // Yesterday's hashes and salt are of no use any more: gone, so no day can be linked to another.
    const today = utcDay();
    await db.execute(sql`delete from view_visitors where day < ${today}`);
    await db.execute(sql`delete from view_salts where day < ${today}`);
  });
  current.flushing = run.catch(() => undefined);
  return run;
}

function mergeBack(day: string, failed: DayBuffer): void {
  const current = state();
  const buffer = current.days.get(day);
  if (!buffer) return void current.days.set(day, failed);
  buffer.views += failed.views;
  for (const hash of failed.visitors) buffer.visitors.add(hash);
  for (const [path, page] of failed.paths) {
    const into = buffer.paths.get(path);
    if (!into) buffer.paths.set(path, page);
    else {
      into.views += page.views;
      for (const hash of page.visitors) into.visitors.add(hash);
    }
  }
  for (const [host, views] of failed.referrers)
    buffer.referrers.set(host, (buffer.referrers.get(host) ?? 0) + views);
  for (const [kind, views] of failed.devices)
    buffer.devices.set(kind, (buffer.devices.get(kind) ?? 0) + views);
}

/** Counts are kept per day for 13 months, then folded into monthly totals. */
export const DAILY_COUNTS_MONTHS = 13;

/**
 * The first day still counted per day: the first of the month 13 months before today. Every day
 * before it is older than 13 months and is part of a monthly total.
 */
export function foldCutoff(now = Date.now()): string {
  const today = new Date(now);
  return utcDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - DAILY_COUNTS_MONTHS, 1));
}

/**
 * Folds the day rows before foldCutoff into month rows (the sums of their days) in one statement;
 * run again it finds nothing to fold. Answers how many day rows were folded.
 */
export async function foldViewCounts(now = Date.now()): Promise<number> {
  const db = await getDb();
  const rows = rowsOf<{ folded: number }>(
    await db.execute(sql`with folded as (
          delete from view_counts where period = 'day' and day < ${foldCutoff(now)}::date
          returning day, dimension, value, project_id, views, visitors
        ), merged as (
          insert into view_counts (period, day, dimension, value, project_id, views, visitors)
          select 'month', date_trunc('month', day)::date, dimension, value, max(project_id),
                 sum(views), sum(visitors)
          from folded group by 2, 3, 4
          on conflict (period, day, dimension, value) do update
          set views = view_counts.views + excluded.views,
              visitors = view_counts.visitors + excluded.visitors
        )
        select count(*)::int as folded from folded`),
  );
  return rows[0]?.folded ?? 0;
}

const FOLD_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The view counts' background work: the buffered counts written every VIEW_FLUSH_EVERY_MS, and
 * the counts older than 13 months folded now and every 6 hours. The timers are unref'd; shutdown
 * calls flushViews() itself.
 */
export function startViewJobs(): void {
  const fold = async () => {
    const folded = await foldViewCounts();
    if (folded > 0) console.log(`Folded ${folded} daily view count(s) into monthly totals.`);
  };
  runEvery("View-count fold", FOLD_EVERY_MS, fold, { now: true });
  runEvery("Writing the view counts", VIEW_FLUSH_EVERY_MS, flushViews);
}

export type InsightsJson = {
  totals: { views: number; visitors: number };
  days: { date: string; views: number; visitors: number }[];
  projects: { _id: string; title: string; views: number; visitors: number }[];
  referrers: { host: string; views: number }[];
  devices: { kind: string; views: number }[];
};

/** How many referrers the insights list. */
const TOP_REFERRERS = 10;

/**
 * The counts of the days from `from` to `to` (YYYY-MM-DD, inclusive), the shape of
 * GET /api/insights (docs/api.md). A folded month counts in the totals and lists when it overlaps
 * the range; `days` lists every day of the range still counted per day, zeros included.
 * Visitors over several days are the sum of each day's visitors (a hash lives one day).
 */
export async function readInsights(
  from: string,
  to: string,
  now = Date.now(),
): Promise<InsightsJson> {
  const db = await getDb();
  // Day rows inside the range, and month rows of months overlapping it.
  const inRange = sql`((period = 'day' and day between ${from}::date and ${to}::date) or
    (period = 'month' and day <= ${to}::date and day > (${from}::date - interval '1 month')))`;
  const sums = rowsOf<{
    dimension: string;
    value: string;
    views: number;
    visitors: number;
  }>(
    await db.execute(sql`select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors
        from view_counts where dimension <> 'path' and ${inRange}
        group by dimension, value order by views desc, value`),
  );
  const projects = rowsOf<{ id: string; title: string; views: number; visitors: number }>(
    await db.execute(sql`select p.id, p.title, sum(c.views)::int as views, sum(c.visitors)::int as visitors
        from view_counts c join projects p on p.id = c.project_id
        where c.dimension = 'path' and ${inRange}
        group by p.id, p.title order by views desc, p.title`),
  );
  const perDay = new Map(
    rowsOf<{ day: string; views: number; visitors: number }>(
      await db.execute(sql`select day::text as day, views, visitors from view_counts
            where period = 'day' and dimension = 'site' and day between ${from}::date and ${to}::date`),
    ).map((row) => [row.day, row]),
  );
  const site = sums.find((row) => row.dimension === "site");
  return {
    totals: { views: site?.views ?? 0, visitors: site?.visitors ?? 0 },
    days: daysBetween(from > foldCutoff(now) ? from : foldCutoff(now), to).map((date) => ({
      date,
      views: perDay.get(date)?.views ?? 0,
      visitors: perDay.get(date)?.visitors ?? 0,
    })),
    projects: projects.map(({ id, title, views, visitors }) => ({
      _id: id,
      title,
      views,
      visitors,
    })),
    referrers: sums
      .filter((row) => row.dimension === "referrer")
      .slice(0, TOP_REFERRERS)
      .map(({ value, views }) => ({ host: value, views })),
    devices: sums
      .filter((row) => row.dimension === "device")
      .map(({ value, views }) => ({ kind: value, views })),
  };
}

/** Each project's views per day from `from` to `to`, zeros included: the insights' sparklines. */
export async function readProjectDays(from: string, to: string): Promise<Map<string, number[]>> {
  const db = await getDb();
  const rows = rowsOf<{ project_id: string; day: string; views: number }>(
    await db.execute(sql`select project_id, day::text as day, sum(views)::int as views from view_counts
        where period = 'day' and dimension = 'path' and project_id is not null
          and day between ${from}::date and ${to}::date
        group by project_id, day`),
  );
  const days = daysBetween(from, to);
  const index = new Map(days.map((day, i) => [day, i]));
  const series = new Map<string, number[]>();
  for (const row of rows) {
    const values = series.get(row.project_id) ?? days.map(() => 0);
    values[index.get(row.day)!] = row.views;
    series.set(row.project_id, values);
  }
  return series;
}

/** The `count` days that end today, as the insights' range. */
export function lastDays(count: number): { from: string; to: string } {
  const now = Date.now();
  return { from: utcDay(now - (count - 1) * DAY_MS), to: utcDay(now) };
}

/** The days from `from` to `to` inclusive, as YYYY-MM-DD (none when `from` is later). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) days.push(utcDay(time));
  return days;
}
