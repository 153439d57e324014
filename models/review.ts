import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { sections } from "./sections";

/*
 * Client review links (docs/spec.md §13): a private, ordered selection of projects at
 * /r/{token}, the reviewers' comments on its sections and the record of its opens.
 */

export const reviewLinks = pgTable(
  "review_links",
  {
    id: text("id").primaryKey(),
    /** The URL's secret: 32 random bytes, base64url (256 bits). */
    token: text("token").notNull().unique(),
    name: text("name").notNull(),
    /** The projects shown, in their order (ids; any status, trashed ones are left out). */
    projectIds: jsonb("project_ids").$type<string[]>().notNull(),
    /** bcrypt hash of the optional password; never serialized. */
    passwordHash: text("password_hash"),
    allowDownload: boolean("allow_download").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set by DELETE: the link answers 404 from then on; its comments and opens are kept. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("review_links_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`)],
);

/** One reviewer visit: opened once per page load, updated while the page stays open. */
export const reviewOpens = pgTable(
  "review_opens",
  {
    id: text("id").primaryKey(),
    linkId: text("link_id")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** "phone", "tablet" or "desktop", from the User-Agent; no address is stored. */
    device: text("device").notNull(),
    /** Ids of the link's projects that came into view. */
    projectsViewed: jsonb("projects_viewed").$type<string[]>().notNull().default([]),
    /** Seconds of video played on the page, all videos together. */
    videoSeconds: integer("video_seconds").notNull().default(0),
    /** When the owner was mailed this visit's comments; null while none were sent. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [index("review_opens_link_idx").on(table.linkId, table.openedAt)],
);

export const reviewComments = pgTable(
  "review_comments",
  {
    id: text("id").primaryKey(),
    linkId: text("link_id")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    sectionId: text("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The visit it was written in (for the owner's one mail per visit); null if unknown. */
    openId: text("open_id").references(() => reviewOpens.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    text: text("text").notNull(),
    /** Seconds into the section's video; null when not pinned to a time. */
    time: real("time"),
    /** A point of an image, 0–1 from the top left; null when not pinned to a point. */
    x: real("x"),
    y: real("y"),
    /** Which of the section's images the point is on (its position there); null without a point. */
    image: integer("image"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("review_comments_time_range", sql`${table.time} >= 0`),
    check(
      "review_comments_point_range",
      sql`(${table.x} is null and ${table.y} is null) or (${table.x} between 0 and 1 and ${table.y} between 0 and 1)`,
    ),
    check("review_comments_image_range", sql`${table.image} >= 0`),
    index("review_comments_link_idx").on(table.linkId, table.createdAt),
  ],
);

export type ReviewLinkRow = typeof reviewLinks.$inferSelect;
export type ReviewCommentRow = typeof reviewComments.$inferSelect;
export type ReviewOpenRow = typeof reviewOpens.$inferSelect;
