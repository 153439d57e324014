import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import {
  CATEGORIES,
  PROJECT_STATUSES,
  VIDEO_STATUSES,
  type Category,
  type ProjectStatus,
  type VideoStatus,
} from "@/lib/domain";
import { orderedEditableColumns, sqlList, trashIndex } from "./columns";
import type { VideoMeta, VideoRendition } from "./sections";

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    coverUrl: text("cover_url").notNull(),
    /** Storage key of an uploaded cover; null when the cover is an external URL. */
    coverKey: text("cover_key"),
    /**
     * An optional short mp4 loop shown over the cover still (migration 0008):
     * its URL and storage key; null when the project has none.
     */
    coverVideoUrl: text("cover_video_url"),
    coverVideoKey: text("cover_video_key"),
    /**
     * The cover loop's encoding (migration 0020, docs/media.md "Cover loops"), as a section
     * video's: null = one file as uploaded (stored before, or Cloudinary); its loop in and out
     * points in seconds (null: from the start, at most 30 s).
     */
    coverVideoStatus: text("cover_video_status").$type<VideoStatus>(),
    coverVideoError: text("cover_video_error"),
    coverVideoRenditions: jsonb("cover_video_renditions")
      .$type<VideoRendition[]>()
      .notNull()
      .default([]),
    coverVideoMeta: jsonb("cover_video_meta").$type<VideoMeta>(),
    coverTrimStart: real("cover_trim_start"),
    coverTrimEnd: real("cover_trim_end"),
    /** The cover's blur-up placeholder, a data URL (migration 0009); null until made. */
    coverPlaceholder: text("cover_placeholder"),
    role: text("role").notNull(),
    category: text("category").$type<Category>().notNull(),
    /** Optional project details: null when unset. */
    year: integer("year"),
    client: text("client"),
    summary: text("summary"),
    /** The cover's focal point, 0–1 from the top left (migration 0005). */
    coverFocalX: real("cover_focal_x").notNull().default(0.5),
    coverFocalY: real("cover_focal_y").notNull().default(0.5),
    /** Who may see the project (docs/spec.md §11): published, draft, unlisted or protected. */
    status: text("status").$type<ProjectStatus>().notNull().default("published"),
    /** bcrypt hash of a protected project's password; never serialized (docs/security.md). */
    passwordHash: text("password_hash"),
    /**
     * The publishing schedule (docs/spec.md §11, "Publishing on a schedule"): before `publishAt`
     * and from `unpublishAt` on, visitors get the project as a draft; null: no such bound.
     */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
    userId: text("user_id").notNull(),
    ...orderedEditableColumns(),
  },
  (table) => [
    check("projects_id_hex", sql`${table.id} ~ '^[0-9a-f]{24}$'`),
    // A change to either list needs a migration (drizzle-kit generate), not only an edit there.
    check("projects_category_valid", sql`${table.category} in (${sqlList(CATEGORIES)})`),
    check("projects_year_range", sql`${table.year} between 1900 and 2100`),
    check(
      "projects_cover_focal_range",
      sql`${table.coverFocalX} between 0 and 1 and ${table.coverFocalY} between 0 and 1`,
    ),
    check(
      "projects_cover_video_status",
      sql`${table.coverVideoStatus} in (${sqlList(VIDEO_STATUSES)})`,
    ),
    check("projects_status_valid", sql`${table.status} in (${sqlList(PROJECT_STATUSES)})`),
    check(
      "projects_protected_password",
      sql`${table.status} <> 'protected' or ${table.passwordHash} is not null`,
    ),
    check(
      "projects_schedule_order",
      sql`${table.publishAt} is null or ${table.unpublishAt} is null or ${table.unpublishAt} > ${table.publishAt}`,
    ),
    index("projects_position_idx").on(table.position),
    index("projects_category_position_idx").on(table.category, table.position),
    trashIndex("projects_deleted_at_idx", table.deletedAt),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
