import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { DEVICE_KINDS } from "@/lib/domain";
import { sqlList } from "./columns";

/** A count row's span: one UTC day, or a whole month once its days are folded (13 months on). */
export const VIEW_PERIODS = ["day", "month"] as const;
export type ViewPeriod = (typeof VIEW_PERIODS)[number];
/** What a count row counts: the whole site, one page path, one referrer host, one device class. */
export const VIEW_DIMENSIONS = ["site", "path", "referrer", "device"] as const;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];

/**
 * The cookieless view counts (docs/security.md, "Insights"): aggregates only, never an address, a
 * user agent or a visitor's hash. `value` is "" for the site, the path, the referrer's host or the
 * device class; `project_id` is set on the path rows of project pages.
 */
export const viewCounts = pgTable(
  "view_counts",
  {
    period: text("period").$type<ViewPeriod>().notNull(),
    /** The UTC day; for a month, its first day. */
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").$type<ViewDimension>().notNull(),
    value: text("value").notNull(),
    projectId: text("project_id"),
    views: integer("views").notNull().default(0),
    /** Distinct visitors of the day (site and path rows); a month holds the sum of its days. */
    visitors: integer("visitors").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.day, table.dimension, table.value] }),
    check("view_counts_period", sql`${table.period} in (${sqlList(VIEW_PERIODS)})`),
    check("view_counts_dimension", sql`${table.dimension} in (${sqlList(VIEW_DIMENSIONS)})`),
    check(
      "view_counts_device",
      sql`${table.dimension} <> 'device' or ${table.value} in (${sqlList(DEVICE_KINDS)})`,
    ),
  ],
);

/**
 * Today's salt for the visitors' hashes, replaced every UTC day and deleted with the day's hashes;
 * kept apart from the counts and never in a backup.
 */
export const viewSalts = pgTable("view_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * The day's visitor hashes (salted, one-way), so a visitor counts once a day per scope ("site" or
 * a path) across instances; deleted once the day is over, never in a backup.
 */
export const viewVisitors = pgTable(
  "view_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    scope: text("scope").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.scope, table.hash] })],
);
